import { Router } from 'express';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import {
  allOf,
  encodeCursor,
  findPage,
  parsePaging,
  searchFilter,
  setPageHeaders,
  type ListSpec,
  type Paging,
} from '@panda/platform/paging';
import { notFound } from '@panda/platform/errors';
import { jobView, jobs, signaturesOf, students, type StudentDoc } from '@panda/projections/read-models/training';
import { caseloadQuery } from '@panda/contracts/training';
import { caseloadKeys, caseloadProjection, type CaseloadKeysDoc } from '@panda/projections/read-models/caseload';
import type { ReadStore } from '@panda/projections/read-store';
import { LruMap } from '@panda/projections/lru-map';
import { toCsv, type CsvColumn } from '@panda/platform/csv';
import { docsById } from '../shared/docs-by-id';
import type { QueryDeps } from '../shared/deps';
import {
  CASELOAD_SORTS,
  caseloadClock,
  caseloadFacts,
  compareBy,
  compareKeys,
  firstInOrder,
  invitationOf,
  noCaseloadKeys,
  type CaseloadFacts,
} from './caseload';
import { withPhotoFlags } from '../jobs/photos';
import { accountOf, person, requirementProgress, studentCard, visibleStudent } from './views';

/** A centre's or mentor's students (docs/rules.md#list-paging): newest registration first; search by name, e-mail, phone, postcode or id. */
export const STUDENT_LIST: ListSpec = {
  sorts: { created: 'Created_At', name: 'Name' },
  defaultSort: '-created',
  search: ['Name', 'Email', 'Phone_Number', 'Postcode', 'id'],
};

/** The centre's caseload (docs/rules.md#centre-caseload): the student list's sorts and the caseload's own. */
export const CASELOAD_LIST: ListSpec = { ...STUDENT_LIST, sorts: { ...STUDENT_LIST.sorts, ...CASELOAD_SORTS } };
const CASELOAD_ONLY = new Set<string>(Object.values(CASELOAD_SORTS));

type CaseloadRow = ReturnType<typeof caseloadRow>;

/** A caseload row: the student as lists show them, the facts as of `now` and the invitation. */
const caseloadRow = (s: StudentDoc, facts: CaseloadFacts, now: Date) => ({
  ...studentCard(s),
  last_signed_off_at: facts.last_signed_off_at,
  cards_last_30_days: facts.cards_last_30_days,
  open_disputes: facts.open_disputes,
  forecast_finish: facts.forecast_finish,
  at_risk: facts.at_risk,
  invitation: invitationOf(s, now),
});

/** The caseload's rows, as of `now`, for the given students (a page of the list): their keys in one read. */
async function caseloadRows(rs: ReadStore, list: StudentDoc[], now: Date) {
  const keys = await docsById(
    rs,
    caseloadKeys,
    list.map((s) => s.id),
  );
  const clock = caseloadClock(now);
  return list.map((s) => caseloadRow(s, caseloadFacts(keys.get(s.id) ?? noCaseloadKeys(s.Created_At), clock), now));
}

/**
 * A centre's caseload documents, kept while the caseload read model has not moved (docs/read-models.md#caseload).
 * The checkpoint is read before the documents, so a kept list is never older than its mark.
 */
function keptCaseloads(rs: ReadStore) {
  const kept = new LruMap<string, { at: number; docs: CaseloadKeysDoc[] }>(20);
  return async (centreId: string): Promise<readonly CaseloadKeysDoc[]> => {
    const at = await rs.checkpoint(caseloadProjection.name);
    const hit = kept.get(centreId);
    if (hit?.at === at) return hit.docs;
    const docs = await rs.find(caseloadKeys, { centre_id: centreId });
    kept.set(centreId, { at, docs });
    return docs;
  };
}

type CentreCaseload = ReturnType<typeof keptCaseloads>;

/** A student's place in the caseload's order: the list's own sort fields and the caseload's facts. */
type CaseloadKey = Pick<StudentDoc, 'id' | 'Name' | 'Created_At'> & CaseloadFacts;

/**
 * Every matching student of the centre, filtered as of `now`, as the keys the caseload's order needs (in no
 * order: a page takes its own rows, the CSV sorts them all). The caseload's facts change with the clock, so
 * they are reckoned for the whole list, not kept in an index: from the caseload read model's one small
 * document per student, one query of one collection (docs/benchmarks.md#evidence). `?q=` is the students' own
 * search (their search index), read as ids. The rows of a page are made for that page alone (orderedRows).
 */
async function wholeCaseload(
  rs: ReadStore,
  centreCaseload: CentreCaseload,
  centreId: string,
  paging: Paging,
  atRisk: 'true' | 'false' | undefined,
  now: Date,
): Promise<CaseloadKey[]> {
  const search = searchFilter(paging.q, paging.search);
  const found = search ? await rs.find(students, allOf({ centre_id: centreId }, search), { fields: ['id'] }) : null;
  const all = await centreCaseload(centreId);
  const ids = found && new Set(found.map((s) => s.id));
  const list = ids ? all.filter((k) => ids.has(k.id)) : all;
  const clock = caseloadClock(now);
  // The facts' own object, the list's fields added to it (docs/benchmarks.md#objects-built-per-row).
  const keys = list.map((k): CaseloadKey =>
    Object.assign(caseloadFacts(k, clock), { id: k.id, Name: k.Name, Created_At: k.Created_At }),
  );
  return atRisk === undefined ? keys : keys.filter((r) => r.at_risk === (atRisk === 'true'));
}

/** The full rows of these ordered keys, in their order, with the facts they were ordered by. */
async function orderedRows(rs: ReadStore, keys: CaseloadKey[], now: Date) {
  const docs = await docsById(
    rs,
    students,
    keys.map((k) => k.id),
  );
  return keys.flatMap((k) => {
    const s = docs.get(k.id);
    return s ? [caseloadRow(s, k, now)] : [];
  });
}

/** The caseload CSV's columns, each with its value for a row. */
const CSV_COLUMNS: CsvColumn<CaseloadRow>[] = [
  ['id', (r) => r.id],
  ['name', (r) => r.Name],
  ['email', (r) => r.Email],
  ['phone', (r) => r.Phone_Number],
  ['postcode', (r) => r.Postcode],
  ['registered_at', (r) => r.Created_At],
  ['placement_status', (r) => r.placement_status ?? 'unplaced'],
  ['cards_signed', (r) => r.cards_signed],
  ['cards_required', (r) => r.cards_required],
  ['last_signed_off_at', (r) => r.last_signed_off_at],
  ['cards_last_30_days', (r) => r.cards_last_30_days],
  ['open_disputes', (r) => r.open_disputes],
  ['forecast_finish', (r) => r.forecast_finish],
  ['at_risk', (r) => r.at_risk],
];

export function studentQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;
  const centreCaseload = keptCaseloads(rs);

  /**
   * The centre's caseload, newest registration first: each student with their last sign-off, cards in
   * 30 days, open disputes, forecast finish and at-risk (docs/rules.md#centre-caseload); `?at_risk=`
   * and the caseload's sorts are reckoned over the whole list as of the server's clock.
   */
  r.get('/api/my-students', auth, requireRole('training_centre'), async (req, res) => {
    const { at_risk } = validate(caseloadQuery, req.query);
    const paging = parsePaging(req.query, CASELOAD_LIST);
    const now = deps.clock();
    const centreId = authOf(req).id;
    if (at_risk === undefined && !CASELOAD_ONLY.has(paging.field)) {
      const page = await findPage(rs, students, { centre_id: centreId }, paging);
      setPageHeaders(req, res, page);
      return void res.json(await caseloadRows(rs, page.items, now));
    }
    const rows = await wholeCaseload(rs, centreCaseload, centreId, paging, at_risk, now);
    const field = paging.field as keyof CaseloadKey;
    const after = paging.after;
    // The rows after the cursor, and the page's first of them in order.
    const rest = after
      ? rows.filter((r) => compareKeys(r[field] as never, r.id, after.value, after.id, paging.dir) > 0)
      : rows;
    const items = firstInOrder(rest, paging.limit, compareBy<CaseloadKey>(field, paging.dir));
    const last = items.at(-1);
    const next = last && rest.length > paging.limit ? encodeCursor(paging.sort, last[field] as never, last.id) : null;
    setPageHeaders(req, res, { total: rows.length, next });
    res.json(await orderedRows(rs, items, now));
  });

  /** The same caseload as CSV, every row of the same filter and sort (docs/rules.md#centre-caseload). */
  r.get('/api/my-students.csv', auth, requireRole('training_centre'), async (req, res) => {
    const { at_risk } = validate(caseloadQuery, req.query);
    const paging = parsePaging(req.query, CASELOAD_LIST);
    const now = deps.clock();
    const keys = await wholeCaseload(rs, centreCaseload, authOf(req).id, paging, at_risk, now);
    const rows = await orderedRows(
      rs,
      keys.sort(compareBy<CaseloadKey>(paging.field as keyof CaseloadKey, paging.dir)),
      now,
    );
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="students.csv"');
    res.send(toCsv(CSV_COLUMNS, rows));
  });

  /** The mentor's students: those placed with them (active placement). */
  r.get('/api/my-matches', auth, requireRole('mentor'), async (req, res) => {
    const paging = parsePaging(req.query, STUDENT_LIST);
    const page = await findPage(rs, students, { mentor_id: authOf(req).id }, paging);
    setPageHeaders(req, res, page);
    res.json(page.items.map(studentCard));
  });

  /** Student detail page (training centre; admins too). */
  r.get('/api/my-students/:id', auth, requireRole('training_centre', 'admin'), async (req, res) => {
    const s = await visibleStudent(rs, authOf(req), String(req.params.id));
    const [account, mentor, centre, studentJobs] = await Promise.all([
      accountOf(rs, s.id),
      accountOf(rs, s.mentor_id),
      accountOf(rs, s.centre_id),
      rs.find(jobs, { Student_ID: s.id }),
    ]);
    const counted = studentJobs.filter((j) => j.Total_Count > 0);
    const signatures = await signaturesOf(rs, counted);
    const histories = await withPhotoFlags(rs, authOf(req), counted.map(signatures));
    res.json({
      ...studentCard(s),
      mentor: person(mentor),
      training_centre: person(centre),
      // docs/rules.md#passwords-never-shown: the temporary password itself is never kept; only whether it is still unused.
      registration: {
        registered_at: s.Created_At,
        temporary_password_unused: account?.temporary_password_unused ?? false,
      },
      job_details: counted.map((j, i) => jobView(j, histories[i]!)),
    });
  });

  /** The signed-in student's goals (spec section 7). */
  r.get('/api/students/job-requirements', auth, requireRole('student'), async (req, res) => {
    const s = await rs.get(students, authOf(req).id);
    if (!s) throw notFound('Student not found');
    res.json({
      requirements: s.requirements,
      has_requirements: s.has_requirements,
      additional_requirements: s.additional_requirements,
      progress: requirementProgress(s),
    });
  });

  return r;
}
