import { percentOf } from '@panda/contracts/training';
import type { JobSummary, StudentDoc } from '@panda/projections/read-models/training';
import { JSON_FLAT, JSON_INTEGER, JSON_SCALAR, JSON_STRING, docShape } from '../shared/doc-text';
import { cardTotals, jobProgress, studentCard } from './views';

/**
 * A student's card (studentCard) made from the stored text of their document without parsing it and writing it
 * out again: on the bench's pages of 50 students (p50, store alone), reading the documents parsed, building the
 * cards and stringifying them took 0.22 to 0.24 ms for a centre's and 0.33 to 0.37 ms for a mentor's (with their
 * jobs), reading the texts and these 0.14 to 0.17 and 0.20 to 0.22 ms (docs/benchmarks.md "Students, contacts
 * and notifications read as they are shown"). Only a text with exactly the keys the training projection writes,
 * in its order, is read this way; any other is answered from its parsed document, so the answer is always
 * studentCard's, byte for byte.
 */

/**
 * The student document as the training projection writes it: the fields the card begins with (as they are,
 * up to `centre_id`), then the others; the jobs array is what lies between its key and the two that end it.
 */
const S = JSON_SCALAR;
const studentShape = docShape([
  ['id', JSON_STRING],
  ['First_Name', S, false],
  ['Last_Name', S, false],
  ['Name', S, false],
  ['Email', S, false],
  ['Phone_Number', S, false],
  ['Postcode', S, false],
  ['Date_Of_Birth', S, false],
  ['centre_id', `(?:${JSON_STRING}|null)`],
  ['Created_At', S],
  ['requirements', JSON_FLAT],
  ['additional_requirements', S],
  ['has_requirements', S],
  ['Matched', S],
  ['placement_status', S],
  ['placement_id', S],
  ['active_placement_id', S, false],
  ['pending_placement_id', S, false],
  ['mentor_id', S],
  ['Placed_At', S, false],
  ['jobs', String.raw`\[.*\]`],
  ['cards_signed', JSON_INTEGER, false],
]);
const at = studentShape.at;

/** A job of the summary as the training projection writes it (sticky: matched where lastIndex says). */
const JOB = new RegExp(
  String.raw`\{"id":${JSON_STRING},"Job_Type":${JSON_STRING},"Total_Count":(${JSON_INTEGER}),"Completed_Count":(${JSON_INTEGER})\}`,
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
  const m = studentShape.match(text);
  if (!m) return null;
  const [id, centre, jobs] = [m[at.id], m[at.centre_id], m[at.jobs]];
  const progress = jobs === '[]' ? NO_JOBS : (jobsFromText(id, jobs) ?? jobsParsed(id, jobs));
  // In studentCard's order, so that the text is the one JSON.stringify writes of it: it begins as the document.
  return (
    `${text.slice(0, text.indexOf(',"centre_id":'))},"Created_At":${m[at.Created_At]}` +
    `,"account_type":"${centre === 'null' || centre === '""' ? 'Independent' : 'Training Centre'}"` +
    `,"training_centre_id":${centre},"Matched":${m[at.Matched]},"placement_status":${m[at.placement_status]}` +
    `,"placement_id":${m[at.placement_id]},"mentor_id":${m[at.mentor_id]},"job_requirements":${m[at.requirements]}` +
    `,"has_requirements":${m[at.has_requirements]},"additional_requirements":${m[at.additional_requirements]},${progress}}`
  );
}

/** The card of a student from their document's stored text (see cardFromText). */
export const studentCardText = (text: string): string =>
  cardFromText(text) ?? JSON.stringify(studentCard(JSON.parse(text) as StudentDoc));
