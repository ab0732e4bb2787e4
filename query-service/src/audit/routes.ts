import { Router, type Request, type Response } from 'express';
import { AS_OF_ERROR, SUBJECT_ROLES, asOfQuery, subjectsQuery } from '@panda/contracts/audit';
import { accountStream } from '@panda/events/catalogue/accounts';
import type { RecordedEvent } from '@panda/events/envelope';
import { badRequest, forbidden, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { accounts } from '@panda/projections/read-models/accounts';
import { auditors as auditorAccounts } from '@panda/projections/read-models/auditors';
import { auditAccessLog } from '@panda/projections/read-models/audit-access';
import { jobs } from '@panda/projections/read-models/training';
import { jobPhotos } from '@panda/projections/read-models/job-photos';
import { placements } from '@panda/projections/read-models/placements';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { docsById } from '../shared/docs-by-id';
import { recordAuditRead, startAuditRecord } from './record';
import { evidenceCsv, evidencePdf, type Evidence, type EvidenceRow } from './evidence';
import { jobsAsOf, parseAsOf, personAsOf, personAtPosition, timelineAsOf, type Person } from './replay';

/** `?as_of=` -> ms since the epoch (now when absent); 400 when invalid. */
function asOfOf(req: Request, deps: QueryDeps): number {
  const t = parseAsOf(validate(asOfQuery, req.query).as_of, deps.clock());
  if (t === null) throw badRequest([{ field: 'as_of', message: AS_OF_ERROR }]);
  return t;
}

/** Reads account streams from the log once per request; people are folded as of any instant. */
export function people(deps: Pick<QueryDeps, 'store'>) {
  const streams = new Map<string, Promise<RecordedEvent[]>>();
  const events = (id: string) => {
    let s = streams.get(id);
    if (!s) streams.set(id, (s = deps.store.readStream(accountStream(id))));
    return s;
  };
  return {
    events,
    async at(id: string | null, asOf: number): Promise<Person | null> {
      return id ? personAsOf(await events(id), asOf) : null;
    },
    /** As the log knew the account when it recorded the event at `position` (docs/rules.md#audit-calls). */
    async atPosition(id: string | null, position: number): Promise<Person | null> {
      return id ? personAtPosition(await events(id), position) : null;
    },
  };
}

const who = (p: Person | null, id: string | null) =>
  p
    ? { id: p.id, name: p.name, email: p.email, role: p.role }
    : id
      ? { id, name: 'Unknown account', email: '', role: null }
      : { id: null, name: 'System', email: '', role: null };

/** A list's page, read while its record is written: answered only once the record is on disk, or not at all. */
async function readWhileRecording<T>(onDisk: () => Promise<void>, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } finally {
    await onDisk();
  }
}

/** The admins' Auditors list (docs/rules.md#auditor-accounts): searched by name and e-mail. */
export const AUDITOR_LIST: ListSpec = {
  sorts: { created: 'created_at', name: 'name', email: 'email' },
  defaultSort: '-created',
  search: ['name', 'email'],
};

/** The audit access log, newest first; `?q`: who (name, e-mail), what (action, record, search text). */
const ACCESS_LOG_LIST: ListSpec = {
  sorts: { position: 'position' },
  defaultSort: '-position',
  search: ['actor_name', 'actor_email', 'action', 'subject_id', 'query'],
};
/** Subject search: name, e-mail or id contains `q`; newest account first. */
const SUBJECT_LIST: ListSpec = {
  sorts: { created: 'Created_At', name: 'Name' },
  defaultSort: '-created',
  search: ['Name', 'First_Name', 'Last_Name', 'Email', 'id'],
};

/** docs/api-audit.md; every call is recorded as an AuditRecordRead before it answers (docs/rules.md#auditors). */
export function auditQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const auditors = [auth, requireRole('admin', 'auditor')];
  const rs = deps.readStore;

  r.get('/api/audit/subjects', ...auditors, async (req, res) => {
    const a = authOf(req);
    const paging = parsePaging(req.query, SUBJECT_LIST);
    const role = validate(subjectsQuery, req.query).role || null;
    const onDisk = await startAuditRecord(deps, req, a, 'subject_search', { type: null, id: null }, null, paging.q);
    const page = await readWhileRecording(onDisk, () =>
      findPage(rs, accounts, { role: role ? role : { $in: [...SUBJECT_ROLES] } }, paging),
    );
    setPageHeaders(req, res, page);
    res.json({ subjects: page.items.map((d) => ({ id: d.id, role: d.role, name: d.Name, email: d.Email })) });
  });

  r.get('/api/audit/jobs/:jobId/signatures', ...auditors, async (req, res) => {
    const a = authOf(req);
    const asOf = asOfOf(req, deps);
    const jobId = String(req.params.jobId);
    // The read model only says which student's stream holds the job; the answer is folded from the log.
    const located = await rs.get(jobs, jobId);
    if (!located) throw notFound('Job not found');
    await recordAuditRead(deps, req, a, 'job_signatures', { type: 'job', id: jobId }, asOf);
    const who_ = people(deps);
    const studentEvents = await who_.events(located.Student_ID);
    const fold = jobsAsOf(studentEvents, asOf).get(jobId) ?? null;
    const student = await who_.at(located.Student_ID, asOf);
    // The duplicate flag is the photos read model's (docs/rules.md#evidence); the hashes are the log's.
    const photoIds = (fold?.signatures ?? []).flatMap((s) => s.evidence?.photos.map((p) => p.photo_id) ?? []);
    const photoDocs = await docsById(rs, jobPhotos, photoIds);
    const signatures = await Promise.all(
      (fold?.signatures ?? []).map(async (s) => {
        const signer = await who_.at(s.mentor_id, Date.parse(s.signed_at));
        const evidence = s.evidence && {
          ...s.evidence,
          photos: s.evidence.photos.map((p) => ({
            ...p,
            possible_duplicate: Boolean(photoDocs.get(p.photo_id)?.duplicate_of.length),
          })),
        };
        return {
          ...s,
          evidence,
          signer: { ...who(signer, s.mentor_id), gas_safe_number: signer?.gasSafeNumber ?? null },
        };
      }),
    );
    res.json({
      as_of: new Date(asOf).toISOString(),
      job: fold?.job ?? null,
      existed: Boolean(fold),
      student: student ? who(student, student.id) : null,
      signatures,
    });
  });

  r.get('/api/audit/accounts/:accountId/timeline', ...auditors, async (req, res) => {
    const a = authOf(req);
    const asOf = asOfOf(req, deps);
    const id = String(req.params.accountId);
    const who_ = people(deps);
    const own = await who_.events(id);
    if (own.length === 0) throw notFound('Account not found');
    await recordAuditRead(deps, req, a, 'account_timeline', { type: 'account', id }, asOf);
    const subject = personAsOf(own, asOf);
    // Related students are found through the read models (routing only); their events come from the log.
    let related: string[] = [];
    const current = personAsOf(own, Number.MAX_SAFE_INTEGER);
    if (current?.role === 'mentor')
      related = [...new Set((await rs.find(placements, { mentor_id: id })).map((p) => p.student_id))];
    if (current?.role === 'training_centre')
      related = (await rs.find(accounts, { role: 'student', centre_id: id })).map((s) => s.id);
    const relatedEvents = await Promise.all(related.map((s) => who_.events(s)));
    const entries = timelineAsOf(id, own, relatedEvents, asOf);
    const timeline = await Promise.all(
      entries.map(async (e) => {
        // Named as the log knew them when it recorded the entry, not by its time, which may be earlier.
        const [actor, student, mentor] = await Promise.all([
          who_.atPosition(e.actor_id, e.position),
          who_.atPosition(e.student_id, e.position),
          who_.atPosition(e.mentor_id, e.position),
        ]);
        return {
          ...e,
          actor: who(actor, e.actor_id),
          student_name: student?.name ?? null,
          mentor_name: mentor?.name ?? null,
        };
      }),
    );
    const jobs =
      current?.role === 'student'
        ? [...jobsAsOf(own, asOf).values()].map((j) => ({ ...j.job, signatures: j.signatures.length }))
        : undefined;
    res.json({
      as_of: new Date(asOf).toISOString(),
      account: subject
        ? {
            ...pick(subject, ['id', 'role', 'name', 'email']),
            registered_at: subject.registeredAt,
            ...pick(subject, ['locked', 'vetted']),
            gas_safe_number: subject.gasSafeNumber,
          }
        : null,
      existed: Boolean(subject),
      timeline,
      ...(jobs ? { jobs } : {}),
    });
  });

  r.get('/api/audit/verify', ...auditors, async (req, res) => {
    await recordAuditRead(deps, req, authOf(req), 'verify_log', { type: 'log', id: null }, null);
    res.json(await deps.store.verifyChain());
  });

  async function evidenceFor(req: Request, res: Response, action: 'evidence_pdf' | 'evidence_csv'): Promise<Evidence> {
    const a = authOf(req);
    if (a.role !== 'admin' && a.role !== 'auditor' && a.role !== 'training_centre') throw forbidden();
    const id = String(req.params.studentId);
    const now = deps.clock().getTime();
    const who_ = people(deps);
    const events = await who_.events(id);
    const student = personAsOf(events, now);
    // A centre sees only its own students; anyone else's (or no such student) is not found (docs/rules.md#server-side-access).
    if (!student || student.role !== 'student' || (a.role === 'training_centre' && student.centreId !== a.id))
      throw notFound('Student not found');
    await recordAuditRead(deps, req, a, action, { type: 'student', id }, null);
    const log = await deps.store.verifyChain();
    const jobs = [...jobsAsOf(events, now).values()];
    const mentorIds = [
      ...new Set(
        events
          .filter((e) => e.type === 'PlacementAccepted')
          .map((e) => (e.data as { mentorId: string }).mentorId)
          .reverse(),
      ),
    ];
    const [centre, mentors, me] = await Promise.all([
      who_.at(student.centreId, now),
      Promise.all(mentorIds.map((m) => who_.at(m, now))),
      who_.at(a.id, now),
    ]);
    const rows: EvidenceRow[] = [];
    for (const j of jobs)
      for (const s of j.signatures) {
        const signer = await who_.at(s.mentor_id, Date.parse(s.signed_at));
        rows.push({ ...s, job_type: j.job.job_type, total_count: j.job.total_count, signer });
      }
    rows.sort((x, y) => x.position - y.position);
    const safeName = student.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'student';
    const file = `evidence-${safeName}-${new Date(now).toISOString().slice(0, 10)}.${action === 'evidence_pdf' ? 'pdf' : 'csv'}`;
    res.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Log-Head-Hash', log.head_hash);
    return {
      student,
      centre,
      mentors: mentors.filter((m): m is Person => Boolean(m)),
      rows,
      log,
      exportedAt: new Date(now).toISOString(),
      exportedBy: { name: me?.name ?? '', email: me?.email ?? '', role: a.role },
    };
  }

  r.get('/api/audit/students/:studentId/evidence.pdf', auth, async (req, res) => {
    const pdf = await evidencePdf(await evidenceFor(req, res, 'evidence_pdf'));
    res.type('application/pdf').send(pdf);
  });

  r.get('/api/audit/students/:studentId/evidence.csv', auth, async (req, res) => {
    const csv = evidenceCsv(await evidenceFor(req, res, 'evidence_csv'));
    res.type('text/csv; charset=utf-8').send(csv);
  });

  r.get('/api/audit/access-log', auth, requireRole('admin'), async (req, res) => {
    const a = authOf(req);
    const paging = parsePaging(req.query, ACCESS_LOG_LIST);
    const onDisk = await startAuditRecord(deps, req, a, 'access_log', { type: null, id: null }, null);
    const page = await readWhileRecording(onDisk, () => findPage(rs, auditAccessLog, {}, paging));
    setPageHeaders(req, res, page);
    res.json(page.items.map(({ _audience, ...record }) => record));
  });

  r.get('/api/admin/auditors', auth, requireRole('admin'), async (req, res) => {
    const page = await findPage(rs, auditorAccounts, {}, parsePaging(req.query, AUDITOR_LIST));
    setPageHeaders(req, res, page);
    res.json({ auditors: page.items.map(({ _audience, ...a }) => a) });
  });

  return r;
}
