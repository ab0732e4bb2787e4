import { isComplete, jobRemaining, type JobType } from '@panda/contracts/training';
import type { ReadStore } from '@panda/projections/read-store';
import {
  JOB_SIGNATURES,
  jobView,
  type JobDoc,
  type JobSignaturesDoc,
  type SignatureEntry,
} from '@panda/projections/read-models/training';
import { JSON_FLAT, JSON_INTEGER, JSON_SCALAR, JSON_STRING, docShape, stringField } from '../shared/doc-text';

/**
 * A page of jobs as the API answers them (jobView), made from the stored texts of the jobs and of their
 * histories without parsing them and writing them out again: on the bench's page of 50 of a centre's
 * jobs, parsing both, building the views and stringifying them took 0.38 to 0.42 ms (p50), these 0.18
 * to 0.28 ms (docs/benchmarks.md "Jobs read as they are shown"). Where a text is not as the training projection
 * writes it, that job is answered from its parsed document by jobView, so the answer is always the
 * same as the parsed one's.
 */

/** What the caller adds to each job (a mentor: whether they may sign it, ruling 30). */
export type JobExtra = (jobType: JobType) => Record<string, unknown> | null;

const S = JSON_SCALAR;
/**
 * A job as the training projection writes it (withJobState), its type and counts read; `updated_at` (not
 * answered) and the audience (not shown to anyone) last, so the answer is the text up to them.
 */
const jobShape = docShape([
  ['id', JSON_STRING, false],
  ['Student_ID', S, false],
  ['Student_Name', S, false],
  ['student_email', S, false],
  ['student_phone', S, false],
  ['student_postcode', S, false],
  ['centre_id', S, false],
  ['mentor_id', S, false],
  ['placement_id', S, false],
  ['Job_Type', JSON_STRING],
  ['Total_Count', JSON_INTEGER],
  ['Completed_Count', JSON_INTEGER],
  ['completed_at', S, false],
  ['mentor_signature', `(?:${JSON_FLAT}|null)`, false],
  ['status', S, false],
  ['percent', S, false],
  ['opened_at', S, false],
  ['updated_at', JSON_STRING, false],
]);
const at = jobShape.at;
/** A history as the projection writes it begins `{"id":"...","signatures":[`, the array last. */
const HISTORY_HEAD = /^\{"id":"([^"\\]*)","signatures":\[/;

/** Each history's signatures as JSON text, by job id. */
function historiesById(texts: string[]): Map<string, string> {
  const byId = new Map<string, string>();
  for (const text of texts) {
    const m = HISTORY_HEAD.exec(text);
    // The signatures, when their array is all that follows the id. A key after it would follow a `],"`, which
    // no string holds (its quotes are escaped) and no entry does (entries hold no arrays; one that did is parsed).
    const from = m ? m[0].length - 1 : -1;
    if (m && text.endsWith(']}') && !text.includes('],"', from)) byId.set(m[1], text.slice(from, -1));
    else {
      const doc = JSON.parse(text) as JobSignaturesDoc;
      byId.set(doc.id, JSON.stringify(doc.signatures));
    }
  }
  return byId;
}

/** One job's answer from its stored text and its history's signatures (JSON text of the array). */
export function jobText(text: string, signatures: string, extra: JobExtra | null): string {
  const m = jobShape.match(text);
  // Any other shape (a job written before histories were kept apart holds its own `signatures`): its document.
  if (!m || m[at.Job_Type].includes('\\')) {
    const doc = JSON.parse(text) as JobDoc;
    const view = jobView(
      doc,
      Array.isArray(doc.signatures)
        ? (doc.signatures as SignatureEntry[])
        : (JSON.parse(signatures) as SignatureEntry[]),
    );
    return JSON.stringify(extra ? Object.assign(view, extra(doc.Job_Type)) : view);
  }
  const counts = { Total_Count: Number(m[at.Total_Count]), Completed_Count: Number(m[at.Completed_Count]) };
  const added = JSON.stringify(extra?.(m[at.Job_Type].slice(1, -1) as JobType) ?? {}).slice(1, -1);
  return `${text.slice(0, text.lastIndexOf(',"updated_at":'))},"signatures":${signatures},"remaining":${jobRemaining(counts)},"is_complete":${isComplete(counts)}${added && `,${added}`}}`;
}

/** The answers of a page of jobs (their stored texts): their histories in one read. */
export async function jobTexts(readStore: ReadStore, texts: string[], extra: JobExtra | null): Promise<string[]> {
  const ids = texts.map((t) => stringField(t, 'id') ?? (JSON.parse(t) as JobDoc).id);
  const histories = ids.length
    ? historiesById(await readStore.findText(JOB_SIGNATURES, { id: { $in: ids } }))
    : new Map<string, string>();
  return texts.map((t, i) => jobText(t, histories.get(ids[i]) ?? '[]', extra));
}
