import { canonicalJson, sha256Hex } from './canonical';
import type { Signature } from './catalogue/training';

/** What one job-card sign-off signs: the card's content at the moment of signing. */
export interface SignedCardContent {
  studentId: string;
  jobType: string;
  /** Which card of the job this is (1 = the first signed). */
  count: number;
  completedAt: string;
  mentorId: string;
  signature: Signature;
}

/**
 * SHA-256 (hex) of the canonical JSON (sorted keys, see canonical.ts) of a signed card's content.
 * Recorded in JobCardSigned.contentHash; recomputed by the audit replay to show whether the content
 * still matches what was signed.
 */
export const signatureContentHash = (c: SignedCardContent): string =>
  sha256Hex(
    canonicalJson({
      studentId: c.studentId,
      jobType: c.jobType,
      count: c.count,
      completedAt: c.completedAt,
      mentorId: c.mentorId,
      signature: {
        signature: c.signature.signature,
        mentorName: c.signature.mentorName,
        date: c.signature.date,
        time: c.signature.time,
        timestamp: c.signature.timestamp,
      },
    }),
  );
