import { describe, expect, it } from 'vitest';
import { jobView, type JobDoc, type SignatureEntry } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';
import { jobText, jobTexts, type JobExtra } from './job-text';

/** A job as the training projection writes it (JobOpened's literal, then changes in place). */
const job = (over: Partial<JobDoc> = {}): JobDoc => ({
  id: 'job-1',
  Student_ID: 's1',
  Student_Name: 'Ann Lee',
  student_email: 'ann@example.com',
  student_phone: null,
  student_postcode: 'M1 1AA',
  centre_id: 'c1',
  mentor_id: 'm1',
  placement_id: 'p1',
  Job_Type: 'Boiler Installs',
  Total_Count: 3,
  Completed_Count: 1,
  completed_at: '2026-01-05T10:00:00.000Z',
  mentor_signature: {
    signature: 'B M',
    mentorName: 'Bench "The" Mentor',
    date: '2026-01-05',
    time: '10:00',
    timestamp: '2026-01-05T10:00:00.000Z',
  },
  status: 'in_progress',
  percent: 33,
  opened_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  _audience: ['s1', 'c1', 'm1'],
  ...over,
});

const entry = (over: Partial<SignatureEntry> = {}) =>
  ({
    signature: 'B M',
    mentorName: 'Bench Mentor',
    date: '2026-01-05',
    time: '10:00',
    timestamp: '2026-01-05T10:00:00.000Z',
    signature_id: 'job-1-card-1',
    mentor_id: 'm1',
    completed_at: '2026-01-05T10:00:00.000Z',
    content_hash: null,
    trainee_status: 'confirmed',
    trainee_status_label: 'Confirmed',
    confirmed_at: '2026-01-06T10:00:00.000Z',
    dispute: null,
    revoked: false,
    ...over,
  }) as SignatureEntry;

const mayNot: JobExtra = (type) => ({
  may_sign: type === 'Repair',
  sign_refusal: type === 'Repair' ? null : `not ${type}`,
});

/** The answer parsed: what jobView (and a mentor's fields) answers for the parsed document. */
const expected = (doc: JobDoc, signatures: SignatureEntry[], extra: JobExtra | null) => {
  const view = jobView(doc, signatures);
  return extra ? Object.assign(view, extra(doc.Job_Type)) : view;
};

const cases: [string, JobDoc, SignatureEntry[]][] = [
  ['one card signed', job(), [entry()]],
  ['no card yet', job({ id: 'job-2', Completed_Count: 0, completed_at: null, mentor_signature: null, percent: 0 }), []],
  [
    'every card signed, more than the total',
    job({ id: 'job-3', Total_Count: 1, Completed_Count: 2, status: 'completed', percent: 100 }),
    [entry(), entry({ signature_id: 'job-1-card-2' })],
  ],
  [
    'texts that look like JSON inside strings',
    job({
      id: 'job "2" \\ x',
      Student_Name: '"Total_Count":99,"updated_at":"x","_audience":[]}',
      student_email: 'a\\"b@example.com',
      Job_Type: 'Repair',
    }),
    [entry({ mentorName: '"signatures":[]', dispute: { reason: ']}', disputed_at: 'x' } as never })],
  ],
  [
    'a student without a centre or mentor',
    job({ id: 'job-5', centre_id: null, mentor_id: null, _audience: ['s1'] }),
    [],
  ],
];

describe('jobs answered from their stored texts (jobs/job-text)', () => {
  it.each(cases)('answers what jobView answers for the parsed documents (%s)', (_name, doc, signatures) => {
    for (const extra of [null, mayNot]) {
      const text = jobText(JSON.stringify(doc), JSON.stringify(signatures), extra);
      expect(JSON.parse(text)).toEqual(expected(doc, signatures, extra));
    }
  });

  it('cuts and adds to the text, parsing nothing, when it is as the projection writes it', () => {
    const doc = job();
    const text = JSON.stringify(doc);
    const answer = jobText(text, '[]', null);
    expect(answer.startsWith(text.slice(0, text.indexOf(',"updated_at":')))).toBe(true);
    expect(answer.endsWith(',"signatures":[],"remaining":2,"is_complete":false}')).toBe(true);
  });

  it('answers a job in another shape from its parsed document: a history of its own, no updated_at, another order', () => {
    const legacy = { ...job(), signatures: [entry()] } as JobDoc;
    expect(JSON.parse(jobText(JSON.stringify(legacy), '[]', mayNot))).toEqual(expected(legacy, [entry()], mayNot));
    const { updated_at: _u, ...older } = job();
    expect(JSON.parse(jobText(JSON.stringify(older), '[]', null))).toEqual(expected(older as JobDoc, [], null));
    const { _audience, ...rest } = job();
    const reordered = { _audience, ...rest };
    expect(JSON.parse(jobText(JSON.stringify(reordered), JSON.stringify([entry()]), null))).toEqual(
      expected(reordered as JobDoc, [entry()], null),
    );
  });

  it('reads a page’s histories in one read and gives each job its own, none where it has no history', async () => {
    const docs = cases.map(([, d]) => d);
    const asked: unknown[] = [];
    const store = {
      findText: async (collection: string, filter: unknown) => {
        asked.push([collection, filter]);
        return cases
          .filter(([, , s]) => s.length)
          .map(([, d, signatures], i) =>
            // One history with its fields in another order, one with a field after its signatures: both parsed.
            i === 0
              ? JSON.stringify({ signatures, id: d.id })
              : i === 1
                ? JSON.stringify({ id: d.id, signatures, _audience: ['s1'] })
                : JSON.stringify({ id: d.id, signatures }),
          );
      },
    } as unknown as ReadStore;
    const texts = await jobTexts(
      store,
      docs.map((d) => JSON.stringify(d)),
      null,
    );
    expect(asked).toEqual([['job_signatures', { id: { $in: docs.map((d) => d.id) } }]]);
    expect(texts.map((t) => JSON.parse(t) as unknown)).toEqual(cases.map(([, d, s]) => expected(d, s, null)));
  });
});
