import { canonicalJson, sha256Hex } from './canonical';
import type { CardEvidence, Signature } from './catalogue/training';

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

/** Scheme 2 (docs/rules.md#evidence): the card's content, its evidence and both times. */
export interface EvidencedCardContent extends SignedCardContent {
  evidence: CardEvidence;
  /** The server's time of signing. */
  signedAt: string;
  /** The device's claimed time (null when the request sent none). */
  capturedAt: string | null;
}

const cardFields = (c: SignedCardContent) => ({
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
});

/**
 * Scheme 1: SHA-256 (hex) of the canonical JSON (sorted keys, see canonical.ts) of a signed card's
 * content. Recorded in JobCardSigned.contentHash of cards signed before evidence was required;
 * recomputed by the audit replay to show whether the content still matches what was signed.
 */
export const signatureContentHash = (c: SignedCardContent): string => sha256Hex(canonicalJson(cardFields(c)));

/**
 * Scheme 2 (`hashVersion: 2`, docs/rules.md#evidence): scheme 1's fields plus every evidence field,
 * each photo's id, SHA-256 and perceptual hash (in the card's order), the server's signing time and
 * the device's claimed time.
 */
export const evidencedContentHash = (c: EvidencedCardContent): string =>
  sha256Hex(
    canonicalJson({
      hashVersion: 2,
      ...cardFields(c),
      signedAt: c.signedAt,
      capturedAt: c.capturedAt,
      evidence: {
        sitePostcode: c.evidence.sitePostcode,
        appliance: {
          kind: c.evidence.appliance.kind,
          make: c.evidence.appliance.make,
          model: c.evidence.appliance.model,
        },
        workDone: c.evidence.workDone,
        durationMinutes: c.evidence.durationMinutes,
        photos: c.evidence.photos.map((p) => ({ photoId: p.photoId, sha256: p.sha256, dhash: p.dhash })),
      },
    }),
  );

/** The fields of a JobCardSigned event the content hash is made from. */
export interface SignedCardData {
  studentId: string;
  mentorId: string;
  completedAt: string;
  completedCount: number;
  signature: Signature;
  evidence?: CardEvidence;
  signedAt?: string;
  capturedAt?: string | null;
  hashVersion?: 2;
}

/**
 * The content hash of a recorded sign-off under the scheme it was signed with: scheme 2 when the
 * event says `hashVersion: 2`, scheme 1 otherwise, so cards signed before evidence keep verifying.
 */
export function cardContentHash(d: SignedCardData, jobType: string): string {
  const content = {
    studentId: d.studentId,
    jobType,
    count: d.completedCount,
    completedAt: d.completedAt,
    mentorId: d.mentorId,
    signature: d.signature,
  };
  if (d.hashVersion !== 2) return signatureContentHash(content);
  if (!d.evidence || !d.signedAt) throw new Error('A scheme 2 sign-off has no evidence or signing time');
  return evidencedContentHash({
    ...content,
    evidence: d.evidence,
    signedAt: d.signedAt,
    capturedAt: d.capturedAt ?? null,
  });
}
