import { percentOf } from '@panda/contracts/training';
import type { JobSummary, StudentDoc } from '@panda/projections/read-models/training';
import { AUDIENCE } from '../shared/doc-text';
import { cardTotals, jobProgress, studentCard } from './views';

/**
 * A student's card (studentCard) made from the stored text of their document without parsing it and writing it
 * out again: on the bench's pages of 50 students (p50, store alone), reading the documents parsed, building the
 * cards and stringifying them took 0.22 to 0.24 ms for a centre's and 0.33 to 0.37 ms for a mentor's (with their
 * jobs), reading the texts and these 0.14 to 0.17 and 0.20 to 0.22 ms (docs/benchmarks.md "Student cards read as
 * they are shown"). Only a text with exactly the keys the training projection writes, in its order, is read this
 * way; any other is answered from its parsed document, so the answer is always studentCard's, byte for byte.
 */

/** One JSON string. Inside it every `"` is escaped, so it cannot run past its own closing quote. */
const STRING = String.raw`"[^"\\]*(?:\\.[^"\\]*)*"`;
/** One JSON value without nesting (as JSON.stringify writes it). */
const SCALAR = String.raw`(?:${STRING}|null|true|false|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)`;
/** A string or null. */
const TEXT = `(?:${STRING}|null)`;
/** An object of scalars (the requirements). */
const FLAT = String.raw`\{(?:${STRING}:${SCALAR}(?:,${STRING}:${SCALAR})*)?\}`;

/**
 * The student document as the training projection writes it, key by key, anchored at both ends: its head (the
 * fields the card begins with, as they are), then each value the card uses captured as its text. Every key is a
 * literal one after a value that cannot run past its own end, so each capture is exactly that key's value (a key
 * inside a string would follow an escaped quote). The jobs array is what lies between its key and the two keys
 * that end the document.
 */
const field = (key: string, value: string) => `"${key}":${value}`;
/** The fields after the id that the card begins with, as the document has them. */
const HEAD = ['First_Name', 'Last_Name', 'Name', 'Email', 'Phone_Number', 'Postcode', 'Date_Of_Birth'];
/** The fields after them: their value, and whether the card uses it. */
const REST: [key: string, value: string, used: boolean][] = [
  ['centre_id', TEXT, true],
  ['Created_At', SCALAR, true],
  ['requirements', FLAT, true],
  ['additional_requirements', SCALAR, true],
  ['has_requirements', SCALAR, true],
  ['Matched', SCALAR, true],
  ['placement_status', SCALAR, true],
  ['placement_id', SCALAR, true],
  ['active_placement_id', SCALAR, false],
  ['pending_placement_id', SCALAR, false],
  ['mentor_id', SCALAR, true],
  ['Placed_At', SCALAR, false],
  // `.` matches a line break too (JSON.stringify escapes those inside strings anyway).
  ['jobs', String.raw`\[.*\]`, true],
  ['cards_signed', String.raw`-?\d+`, false],
];
/** Where each used value is in DOC's match (1: the head with the id, 2: the id). */
const group: Record<string, number> = {};
const DOC = new RegExp(
  `^(\\{${field('id', `(${STRING})`)},${HEAD.map((key) => field(key, SCALAR)).join(',')}),` +
    REST.map(([key, value, used]) => {
      if (used) group[key] = Object.keys(group).length + 3;
      return field(key, used ? `(${value})` : value);
    }).join(',') +
    `,${AUDIENCE}\\}$`,
  's',
);

/** A job of the summary as the training projection writes it (sticky: matched where lastIndex says). */
const JOB = new RegExp(
  String.raw`\{"id":${STRING},"Job_Type":${STRING},"Total_Count":(-?\d+),"Completed_Count":(-?\d+)\}`,
  'y',
);

/** The progress part of a card without jobs (cardTotals and jobProgress of none). */
const NO_JOBS = `"cards_signed":0,"cards_required":0,"progress_percent":${percentOf(0, 0)},"jobs":[]`;

/**
 * The progress part of a card (cardTotals, then jobProgress) from the jobs array's text, each job copied and
 * its `Student_ID`, `percent` and `is_complete` added (in jobProgress's order); null when a job is not as
 * the projection writes it.
 */
function jobsFromText(id: string, jobs: string): string | null {
  let signed = 0;
  let required = 0;
  const shown: string[] = [];
  for (let from = 1; from < jobs.length - 1; from = JOB.lastIndex + 1) {
    JOB.lastIndex = from;
    const m = JOB.exec(jobs);
    if (!m || (jobs[JOB.lastIndex] !== ',' && JOB.lastIndex !== jobs.length - 1)) return null;
    const total = Number(m[1]);
    const completed = Number(m[2]);
    if (!(total > 0)) continue;
    signed += Math.min(completed, total);
    required += total;
    shown.push(
      `${m[0].slice(0, -1)},"Student_ID":${id},"percent":${percentOf(completed, total)},"is_complete":${completed >= total}}`,
    );
  }
  return `"cards_signed":${signed},"cards_required":${required},"progress_percent":${percentOf(signed, required)},"jobs":[${shown.join(',')}]`;
}

/** The same from the jobs array parsed (a job in another shape). */
function jobsParsed(id: string, jobs: string): string {
  const s = { id: JSON.parse(id) as string, jobs: JSON.parse(jobs) as JobSummary[] };
  const totals = cardTotals(s);
  return `"cards_signed":${totals.cards_signed},"cards_required":${totals.cards_required},"progress_percent":${totals.progress_percent},"jobs":${JSON.stringify(jobProgress(s))}`;
}

/** The card's text from the document's, or null when the text is not as the training projection writes it. */
export function cardFromText(text: string): string | null {
  const m = DOC.exec(text);
  if (!m) return null;
  const v = (key: string) => m[group[key]];
  const [id, centre, jobs] = [m[2], v('centre_id'), v('jobs')];
  const progress = jobs === '[]' ? NO_JOBS : (jobsFromText(id, jobs) ?? jobsParsed(id, jobs));
  // In studentCard's order, so that the text is the one JSON.stringify writes of it.
  return (
    `${m[1]},"Created_At":${v('Created_At')}` +
    `,"account_type":"${centre === 'null' || centre === '""' ? 'Independent' : 'Training Centre'}"` +
    `,"training_centre_id":${centre},"Matched":${v('Matched')},"placement_status":${v('placement_status')}` +
    `,"placement_id":${v('placement_id')},"mentor_id":${v('mentor_id')},"job_requirements":${v('requirements')}` +
    `,"has_requirements":${v('has_requirements')},"additional_requirements":${v('additional_requirements')}` +
    `,${progress}}`
  );
}

/** The card of a student from their document's stored text (see cardFromText). */
export const studentCardText = (text: string): string =>
  cardFromText(text) ?? JSON.stringify(studentCard(JSON.parse(text) as StudentDoc));
