import { signatureIdOf } from '@panda/events/catalogue/training';
import type { ProjectionContext } from '../projection';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** The centre's caseload: docs/read-models.md#caseload. */

export interface CaseloadKeysDoc {
  id: string;
  centre_id: string | null;
  Name: string;
  Created_At: string;
  /** When the server recorded each counted card, oldest first. Every time here is an isoTime(). */
  signed_at: string[];
  /** Counted cards disputed and not yet decided. */
  open_disputes: number;
  /** Over the jobs with a non-zero total, as the student's list shows them (cards signed capped at each total). */
  cards_required: number;
  cards_signed: number;
  /** Since when the student has had no active placement (registration, or the end of the last); null while placed. */
  unplaced_since: string | null;
}

interface CaseloadInputsDoc {
  id: string;
  centre_id: string | null;
  First_Name: string;
  Last_Name: string;
  Created_At: string;
  jobs: Record<string, { total: number; signed: number }>;
  /** The counted cards, in the order signed. */
  cards: { signature_id: string; signed_at: string; disputed: boolean }[];
  active_placement_id: string | null;
  unplaced_since: string | null;
}

export const caseloadKeys = collection<CaseloadKeysDoc>('caseload_keys');

/** A time as the keys keep it (docs/read-models.md#caseload); one that does not parse is kept as it is. */
export function isoTime(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : new Date(ms).toISOString();
}
const caseloadInputs = collection<CaseloadInputsDoc>('caseload_inputs');

/** The student's keys, made anew from their inputs (nothing shared with them). */
function keysOf(s: CaseloadInputsDoc): CaseloadKeysDoc {
  const jobs = Object.values(s.jobs).filter((j) => j.total > 0);
  return {
    id: s.id,
    centre_id: s.centre_id,
    Name: `${s.First_Name} ${s.Last_Name}`.trim(),
    Created_At: s.Created_At,
    signed_at: s.cards.map((c) => c.signed_at).sort(),
    open_disputes: s.cards.filter((c) => c.disputed).length,
    cards_required: jobs.reduce((n, j) => n + j.total, 0),
    cards_signed: jobs.reduce((n, j) => n + Math.min(j.signed, j.total), 0),
    unplaced_since: s.unplaced_since,
  };
}

/** A change to a registered student's inputs (events about anyone else change nothing), then their keys. */
async function change(ctx: ProjectionContext, studentId: string, edit: (s: CaseloadInputsDoc) => void | false) {
  const inputs = await caseloadInputs.in(ctx).get(studentId);
  if (!inputs || edit(inputs) === false) return;
  caseloadInputs.in(ctx).put(inputs);
  caseloadKeys.in(ctx).put(keysOf(inputs));
}

/** A sign-off's open dispute starts (the trainee disputed it) or ends (an admin decided it). */
const markDispute = (ctx: ProjectionContext, studentId: string, signatureId: string, disputed: boolean) =>
  change(ctx, studentId, (s) => {
    const card = s.cards.find((c) => c.signature_id === signatureId);
    if (!card || card.disputed === disputed) return false;
    card.disputed = disputed;
  });

export const caseloadProjection = defineProjection({
  name: 'caseload',
  collections: { [caseloadKeys.name]: ['centre_id'], [caseloadInputs.name]: [] },
  on: {
    StudentRegistered: ({ time, data: d }, ctx) => {
      const inputs: CaseloadInputsDoc = {
        id: d.accountId,
        centre_id: d.centreId,
        First_Name: d.firstName,
        Last_Name: d.lastName,
        Created_At: isoTime(time),
        jobs: {},
        cards: [],
        active_placement_id: null,
        unplaced_since: isoTime(time),
      };
      caseloadInputs.in(ctx).put(inputs);
      caseloadKeys.in(ctx).put(keysOf(inputs));
    },
    ProfileChanged: ({ data: { accountId, changes: c } }, ctx) =>
      change(ctx, accountId, (s) => {
        if (c.First_Name === undefined && c.Last_Name === undefined) return false;
        if (c.First_Name !== undefined) s.First_Name = c.First_Name;
        if (c.Last_Name !== undefined) s.Last_Name = c.Last_Name;
      }),
    PlacementAccepted: ({ data: d }, ctx) =>
      change(ctx, d.studentId, (s) => {
        s.active_placement_id = d.placementId;
        s.unplaced_since = null;
      }),
    PlacementEnded: ({ time, data: d }, ctx) =>
      change(ctx, d.studentId, (s) => {
        if (s.active_placement_id !== d.placementId) return false;
        s.active_placement_id = null;
        s.unplaced_since = isoTime(time);
      }),
    JobOpened: ({ data: d }, ctx) =>
      change(ctx, d.studentId, (s) => void (s.jobs[d.jobId] = { total: d.totalCount, signed: 0 })),
    JobTotalAdjusted: ({ data: d }, ctx) =>
      change(ctx, d.studentId, (s) => {
        const job = s.jobs[d.jobId];
        if (!job) return false;
        job.total = d.totalCount;
      }),
    JobCardSigned: ({ time, data: d }, ctx) =>
      change(ctx, d.studentId, (s) => {
        const job = s.jobs[d.jobId];
        if (!job) return false;
        job.signed = d.completedCount;
        s.cards.push({ signature_id: signatureIdOf(d), signed_at: isoTime(d.signedAt ?? time), disputed: false });
      }),
    SignatureDisputed: ({ data: d }, ctx) => markDispute(ctx, d.studentId, d.signatureId, true),
    DisputeResolved: ({ data: d }, ctx) => markDispute(ctx, d.studentId, d.signatureId, false),
    // An upheld dispute: the card no longer counts, and its job's count goes down.
    SignatureRevoked: ({ data: d }, ctx) =>
      change(ctx, d.studentId, (s) => {
        const job = s.jobs[d.jobId];
        const at = s.cards.findIndex((c) => c.signature_id === d.signatureId);
        if (!job || at === -1) return false;
        s.cards.splice(at, 1);
        job.signed = d.completedCount;
      }),
  },
});
