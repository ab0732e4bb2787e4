import type { RecordedEvent } from '@panda/events/envelope';
import { signatureIdOf, type CardEvidence, type Signature } from '@panda/events/catalogue/training';
import {
  type TIMELINE_ACTIONS,
  type auditEvidence,
  type AuditSignOff,
  type JobAsOf,
  type TimelineEntry as AuditTimelineEntry,
} from '@panda/contracts/audit';
import type { z } from 'zod';
import { TRAINEE_STATUS_LABELS } from '@panda/contracts/signoff';
import { isCalendarDate, isRealDateTime } from '@panda/contracts/fields';
import { cardContentHash, type SignedCardData } from '@panda/events/signature-hash';

/** As-of replay (docs/rules.md#audit-calls): pure folds over the log, ignoring events after `asOf` (ms). */

/** When an event happened: a sign-off's own signing time when it records one (docs/rules.md#evidence), else the event's time. */
const at = (e: RecordedEvent) => Date.parse(signedAtOf(e));
const signedAtOf = (e: RecordedEvent) => {
  const signedAt = e.type === 'JobCardSigned' ? (e.data as Data).signedAt : undefined;
  return typeof signedAt === 'string' ? signedAt : e.time;
};
export const upTo = (events: RecordedEvent[], asOf: number) => events.filter((e) => at(e) <= asOf);

type Data = Record<string, unknown>;

/** Who an account was at an instant: name, e-mail, role, and a mentor's Gas Safe number. */
export interface Person {
  id: string;
  role: string;
  name: string;
  email: string;
  /** A training centre's name (null for other roles). */
  centreName: string | null;
  gasSafeNumber: string | null;
  centreId: string | null;
  locked: boolean;
  vetted: boolean;
  registeredAt: string;
}

/** The role an account's first event gives it (AccountSignedUp names its own). */
const ROLE_OF: Record<string, string> = {
  AdminProvisioned: 'admin',
  AuditorProvisioned: 'auditor',
  StudentRegistered: 'student',
};

/** An account as it stood at the instant `asOf` (by the times its events carry). */
export function personAsOf(accountEvents: RecordedEvent[], asOf: number): Person | null {
  return personOf(upTo(accountEvents, asOf));
}

/**
 * An account as the log knew it when it recorded the event at `position`: who did or was named in that
 * event, even when the event carries an earlier time than the account's own registration
 * (docs/rules.md#audit-calls).
 */
export function personAtPosition(accountEvents: RecordedEvent[], position: number): Person | null {
  return personOf(accountEvents.filter((e) => e.position <= position));
}

function personOf(accountEvents: RecordedEvent[]): Person | null {
  let p: Person | null = null;
  let first = '';
  let last = '';
  const named = () => {
    if (p) p.name = p.role === 'training_centre' && p.centreName ? p.centreName : `${first} ${last}`.trim();
  };
  for (const e of accountEvents) {
    const d = e.data as Data;
    switch (e.type) {
      case 'AccountSignedUp':
      case 'AdminProvisioned':
      case 'AuditorProvisioned':
      case 'StudentRegistered': {
        const role = ROLE_OF[e.type] ?? (d.role as string);
        first = d.firstName as string;
        last = d.lastName as string;
        p = {
          id: d.accountId as string,
          role,
          name: '',
          email: d.email as string,
          centreName: (d.centreName as string | null | undefined) ?? null,
          gasSafeNumber: null,
          centreId: (d.centreId as string | null | undefined) ?? null,
          locked: false,
          vetted: false,
          registeredAt: e.time,
        };
        named();
        break;
      }
      case 'ProfileChanged': {
        if (!p) break;
        const c = d.changes as Record<string, string | null | undefined>;
        if (c.First_Name != null) first = c.First_Name;
        if (c.Last_Name != null) last = c.Last_Name;
        if (c.Email != null) p.email = c.Email;
        if (c.Name != null && p.role === 'training_centre') p.centreName = c.Name;
        if (c.Gas_Safe_Registration_Number !== undefined) p.gasSafeNumber = c.Gas_Safe_Registration_Number;
        named();
        break;
      }
      case 'MentorProfileSaved':
        if (p) p.gasSafeNumber = ((d.profile as Data).Gas_Safe_Registration_Number as string) ?? p.gasSafeNumber;
        break;
      case 'AccountLocked':
      case 'AccountUnlocked':
        if (p) p.locked = e.type === 'AccountLocked';
        break;
      case 'AccountVetted':
      case 'AccountUnvetted':
        if (p) p.vetted = e.type === 'AccountVetted';
        break;
    }
  }
  return p;
}

type AuditEvidence = z.infer<typeof auditEvidence>;
/** A card's evidence as signed (docs/rules.md#evidence): the fields and each photo's hashes, in the card's order. */
export type EvidenceAsSigned = Omit<AuditEvidence, 'photos'> & {
  photos: Omit<AuditEvidence['photos'][number], 'possible_duplicate'>[];
};

const evidenceView = (e: CardEvidence): EvidenceAsSigned => ({
  site_postcode: e.sitePostcode,
  appliance: { kind: e.appliance.kind, make: e.appliance.make, model: e.appliance.model },
  work_done: e.workDone,
  duration_minutes: e.durationMinutes,
  photos: e.photos.map((p) => ({ photo_id: p.photoId, sha256: p.sha256, dhash: p.dhash })),
});

/** A sign-off as the log says at the instant replayed (the API's, contracts/src/audit.ts, before the route names its signer). */
export type SignOff = Omit<AuditSignOff, 'evidence' | 'signer'> & { evidence: EvidenceAsSigned | null };

interface JobFold {
  job: JobAsOf;
  signatures: SignOff[];
}

/** Every job of a student's stream as it stood at `asOf`, with its sign-offs oldest first. */
export function jobsAsOf(studentEvents: RecordedEvent[], asOf: number): Map<string, JobFold> {
  const jobs = new Map<string, JobFold>();
  for (const e of upTo(studentEvents, asOf)) {
    const d = e.data as Data;
    const fold = typeof d.jobId === 'string' ? jobs.get(d.jobId) : undefined;
    switch (e.type) {
      case 'JobOpened':
        jobs.set(d.jobId as string, {
          job: {
            id: d.jobId as string,
            student_id: d.studentId as string,
            job_type: d.jobType as string,
            total_count: d.totalCount as number,
            completed_count: 0,
            status: 'in_progress',
            mentor_id: d.mentorId as string,
            opened_at: e.time,
          },
          signatures: [],
        });
        break;
      case 'JobReassigned':
        if (fold) fold.job.mentor_id = d.mentorId as string;
        break;
      case 'JobTotalAdjusted':
        if (fold) fold.job.total_count = d.totalCount as number;
        break;
      case 'JobCardSigned': {
        if (!fold) break;
        const signature = d.signature as Signature;
        const count = d.completedCount as number;
        const computed = cardContentHash(d as unknown as SignedCardData, fold.job.job_type);
        const recorded = typeof d.contentHash === 'string' ? d.contentHash : null;
        fold.job.completed_count = count;
        fold.signatures.push({
          card_number: count,
          signed_at: signedAtOf(e),
          captured_at: typeof d.capturedAt === 'string' ? d.capturedAt : null,
          position: e.position,
          mentor_id: d.mentorId as string,
          signature,
          completed_at: d.completedAt as string,
          evidence: d.hashVersion === 2 && d.evidence ? evidenceView(d.evidence as CardEvidence) : null,
          hash_version: d.hashVersion === 2 ? 2 : 1,
          content_hash: recorded ?? computed,
          content_hash_source: recorded ? 'recorded' : 'computed_on_replay',
          content_hash_matches: recorded ? recorded === computed : null,
          event_hash: e.chain?.hash ?? null,
          signature_id: signatureIdOf(d as { signatureId?: string; jobId: string; completedCount: number }),
          trainee_status: 'awaiting_confirmation',
          trainee_status_label: TRAINEE_STATUS_LABELS.awaiting_confirmation,
          confirmed_at: null,
          confirmation_hash_matches: null,
          reflection: null,
          dispute: null,
          revoked: false,
        });
        break;
      }
      case 'SignatureConfirmed':
      case 'SignatureDisputed':
      case 'DisputeResolved':
      case 'SignatureRevoked': {
        const s = fold?.signatures.find((x) => x.signature_id === d.signatureId);
        if (!fold || !s) break;
        if (e.type === 'SignatureConfirmed')
          Object.assign(s, {
            trainee_status: 'confirmed',
            confirmed_at: e.time,
            confirmation_hash_matches: d.contentHash === s.content_hash,
            reflection: (d.reflection as string | null | undefined) ?? null,
          });
        if (e.type === 'SignatureDisputed')
          Object.assign(s, {
            trainee_status: 'disputed',
            dispute: {
              reason: d.reason as string,
              disputed_at: e.time,
              outcome: null,
              resolution_reason: null,
              resolved_at: null,
            },
          });
        if (e.type === 'DisputeResolved' && s.dispute)
          s.dispute = {
            ...s.dispute,
            outcome: d.outcome as 'upheld' | 'rejected',
            resolution_reason: d.reason as string,
            resolved_at: e.time,
          };
        if (e.type === 'SignatureRevoked') {
          s.revoked = true;
          fold.job.completed_count = d.completedCount as number;
        }
        s.trainee_status_label = TRAINEE_STATUS_LABELS[s.trainee_status];
        break;
      }
    }
    if (fold)
      fold.job.status =
        fold.job.completed_count >= fold.job.total_count && fold.job.total_count > 0 ? 'completed' : 'in_progress';
  }
  return jobs;
}

type TimelineAction = (typeof TIMELINE_ACTIONS)[number];
/** A timeline entry as the log says (the API's, contracts/src/audit.ts, before the route names its people). */
export type TimelineEntry = Omit<AuditTimelineEntry, 'actor' | 'student_name' | 'mentor_name'>;

const OWN: Record<string, TimelineAction> = {
  AccountSignedUp: 'signed_up',
  AdminProvisioned: 'provisioned',
  AuditorProvisioned: 'provisioned',
  StudentRegistered: 'registered',
  AccountVetted: 'vetted',
  AccountUnvetted: 'unvetted',
  AccountLocked: 'locked',
  AccountUnlocked: 'unlocked',
};
const PLACEMENT: Record<string, TimelineAction> = {
  PlacementProposed: 'placement_proposed',
  PlacementAccepted: 'placement_accepted',
  PlacementDeclined: 'placement_declined',
  PlacementEnded: 'placement_ended',
};

const entry = (
  e: RecordedEvent,
  action: TimelineAction,
  accountId: string,
  extra: Partial<TimelineEntry> = {},
): TimelineEntry => ({
  at: e.time,
  position: e.position,
  action,
  account_id: accountId,
  actor_id: e.actorId,
  reason: null,
  placement_id: null,
  student_id: null,
  mentor_id: null,
  status: null,
  ...extra,
});

function placementEntry(e: RecordedEvent, accountId: string): TimelineEntry {
  const d = e.data as Data;
  const reason =
    e.type === 'PlacementDeclined'
      ? (d.reason as string)
      : e.type === 'PlacementAccepted'
        ? null
        : ((d.notes as string | null) ?? null);
  return entry(e, PLACEMENT[e.type], accountId, {
    reason,
    placement_id: d.placementId as string,
    student_id: d.studentId as string,
    mentor_id: d.mentorId as string,
    status: e.type === 'PlacementEnded' ? (d.status as string) : null,
  });
}

/** A trainee's dispute of a sign-off, or an admin's resolution of it (docs/rules.md#dispute-visibility). */
const DISPUTE: Record<string, TimelineAction> = {
  SignatureDisputed: 'signature_disputed',
  DisputeResolved: 'dispute_resolved',
};

function disputeEntry(e: RecordedEvent): TimelineEntry {
  const d = e.data as Data;
  return entry(e, DISPUTE[e.type], d.studentId as string, {
    reason: (d.reason as string | undefined) ?? null,
    student_id: d.studentId as string,
    mentor_id: d.mentorId as string,
    status: e.type === 'DisputeResolved' ? (d.outcome as string) : null,
  });
}

/** Oldest first; `related`: the streams of the account's students, whose placement events about it are included. */
export function timelineAsOf(
  accountId: string,
  ownEvents: RecordedEvent[],
  related: RecordedEvent[][],
  asOf: number,
): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  for (const e of upTo(ownEvents, asOf)) {
    const d = e.data as Data;
    if (OWN[e.type])
      out.push(entry(e, OWN[e.type], accountId, { reason: (d.reason as string | null | undefined) ?? null }));
    else if (PLACEMENT[e.type]) out.push(placementEntry(e, accountId));
    else if (DISPUTE[e.type]) out.push(disputeEntry(e));
  }
  for (const stream of related) {
    const centreStudent = isCentreStudent(stream, accountId);
    for (const e of upTo(stream, asOf)) {
      const d = e.data as Data;
      if (e.type === 'StudentRegistered' && d.centreId === accountId)
        out.push(entry(e, 'student_registered', d.accountId as string, { student_id: d.accountId as string }));
      else if (PLACEMENT[e.type] && (d.mentorId === accountId || centreStudent))
        out.push(placementEntry(e, d.studentId as string));
      else if (DISPUTE[e.type] && (d.mentorId === accountId || centreStudent)) out.push(disputeEntry(e));
    }
  }
  return out.sort((a, b) => a.position - b.position);
}

const isCentreStudent = (studentStream: RecordedEvent[], centreId: string) =>
  studentStream.some((e) => e.type === 'StudentRegistered' && (e.data as Data).centreId === centreId);

/** Parses an `as_of` query value: an ISO-8601 date or date-time; a date alone means the end of that day (UTC). Null when invalid. */
export function parseAsOf(raw: unknown, now: Date): number | null {
  if (raw === undefined || raw === '') return now.getTime();
  if (typeof raw !== 'string' || raw.length > 40) return null;
  // An impossible date or time is refused, never rolled over (docs/rules.md#text-hygiene).
  if (isCalendarDate(raw)) return Date.parse(`${raw}T23:59:59.999Z`);
  return isRealDateTime(raw) ? Date.parse(raw) : null;
}
