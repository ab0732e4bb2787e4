import type { Portfolio, PortfolioCard } from '@panda/contracts/portfolio';
import { receiptLink } from '@panda/contracts/receipt';
import { APPLIANCE_LABELS, type ApplianceKind } from '@panda/contracts/evidence';
import { signatureIdOf, type CardEvidence } from '@panda/events/catalogue/training';
import type { RecordedEvent } from '@panda/events/envelope';
import { jobsAsOf, personAsOf } from '../audit/replay';
import { NO_CHECKPOINT_YET, receiptAt } from '../audit/receipts';
import { NO_LOG_TREE } from '../audit/log-proof-routes';
import { people } from '../audit/routes';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { criteriaProgress, type CriteriaCard } from '@panda/contracts/criteria-maths';
import type { JobType } from '@panda/contracts/job-types';
import { criteriaTemplates } from '@panda/projections/read-models/criteria';
import { templateOf } from '../criteria/routes';

export const SIGNED_BEFORE_EVIDENCE = 'Signed before evidence was required';

/** What the log holds of each sign-off beyond the replay: its evidence and the trainee's reflection. */
function extrasOf(events: RecordedEvent[]) {
  const evidence = new Map<string, CardEvidence>();
  const reflection = new Map<string, string>();
  for (const e of events) {
    const d = e.data as {
      signatureId?: string;
      jobId: string;
      completedCount: number;
      evidence?: CardEvidence;
      reflection?: string | null;
    };
    if (e.type === 'JobCardSigned' && d.evidence) evidence.set(signatureIdOf(d), d.evidence);
    if (e.type === 'SignatureConfirmed' && d.signatureId && d.reflection) reflection.set(d.signatureId, d.reflection);
  }
  return { evidence, reflection };
}

/** docs/rules.md#portfolio, folded from the log now; null when `studentId` is not a student's. */
export async function buildPortfolio(deps: QueryDeps, studentId: string): Promise<Portfolio | null> {
  const now = deps.clock().getTime();
  const who = people(deps);
  const events = await who.events(studentId);
  const student = personAsOf(events, now);
  if (!student || student.role !== 'student') return null;
  const { evidence, reflection } = extrasOf(events);
  const log = deps.verifiableLog;
  const cards: PortfolioCard[] = [];
  for (const { job, signatures } of jobsAsOf(events, now).values())
    for (const s of signatures) {
      const mentor = await who.at(s.mentor_id, now);
      const ev = evidence.get(s.signature_id);
      const receipt = log ? receiptAt(log, s.signature_id, s.position) : null;
      cards.push({
        signature_id: s.signature_id,
        job_id: job.id,
        job_type: job.job_type,
        card_number: s.card_number,
        total_count: job.total_count,
        ...pick(s, ['position', 'signed_at', 'completed_at']),
        signature: pick(s.signature, ['signature', 'mentorName', 'date', 'time']),
        mentor: {
          id: s.mentor_id,
          name: mentor?.name ?? 'Unknown account',
          gas_safe_number: mentor?.gasSafeNumber ?? null,
        },
        content_hash: s.content_hash,
        event_content_hash: log?.tree.contentHashAt(s.position) ?? null,
        evidence: ev
          ? {
              site_postcode: ev.sitePostcode,
              appliance: {
                kind: ev.appliance.kind,
                label: APPLIANCE_LABELS[ev.appliance.kind as ApplianceKind] ?? ev.appliance.kind,
                make: ev.appliance.make,
                model: ev.appliance.model,
              },
              work_done: ev.workDone,
              duration_minutes: ev.durationMinutes,
              photos: ev.photos.map((p) => ({ photo_id: p.photoId, sha256: p.sha256, dhash: p.dhash })),
            }
          : null,
        evidence_note: ev ? null : SIGNED_BEFORE_EVIDENCE,
        ...pick(s, ['trainee_status', 'trainee_status_label', 'confirmed_at']),
        reflection: reflection.get(s.signature_id) ?? null,
        ...pick(s, ['dispute', 'revoked']),
        receipt,
        receipt_link: receipt ? receiptLink(deps.config.publicUrl, receipt) : null,
        receipt_note: receipt ? null : log ? NO_CHECKPOINT_YET : NO_LOG_TREE,
      });
    }
  cards.sort((a, b) => a.position - b.position);
  const head = await deps.store.headPosition();
  const [last] = head > 0 ? await deps.store.readAll(head - 1, 1) : [];
  const centre = await who.at(student.centreId, now);
  // The criteria as the centre's template counts them (docs/rules.md#qualification-criteria).
  const ownTemplate = student.centreId ? await deps.readStore.get(criteriaTemplates, student.centreId) : null;
  const progress = criteriaProgress(
    await templateOf(deps.readStore, student.centreId),
    cards.map((c): CriteriaCard => ({
      signature_id: c.signature_id,
      job_id: c.job_id,
      job_type: c.job_type as JobType,
      appliance_kind: (c.evidence?.appliance.kind as CriteriaCard['appliance_kind']) ?? null,
      date: c.signature.date,
      revoked: c.revoked,
    })),
  );
  return {
    exported_at: new Date(now).toISOString(),
    student: { id: student.id, name: student.name, email: student.email },
    centre: centre && student.centreId ? { id: student.centreId, name: centre.name } : null,
    log: {
      head_position: head,
      head_hash: last?.chain?.hash ?? null,
      checkpoint: log?.tree.latestCheckpoint()?.note ?? null,
      verifier_key: log?.verifierKey ?? null,
    },
    criteria: {
      template: ownTemplate ? "The training centre's template" : 'ACS domestic (default)',
      items: progress.map((c) => ({
        ...pick(c, ['code', 'title', 'evidenced', 'required', 'met']),
        signature_ids: c.cards.map((card) => card.signature_id),
      })),
    },
    cards,
  };
}
