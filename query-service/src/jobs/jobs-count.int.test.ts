import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOf, parsePaging, searchFilter } from '@panda/platform/paging';
import { JOBS, trainingProjection } from '@panda/projections/read-models/training';
import { matches, type Doc } from '@panda/projections/read-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { JOB_LIST } from './routes';

/**
 * The total of a centre's or mentor's jobs (`X-Total-Count` of GET /api/jobs), with and without `?q=`,
 * is counted over one of the jobs' declared indexes alone: no job document is read for it (at 10,000
 * students a centre's search read 1,900 documents for its total).
 */
const dir = mkdtempSync(join(tmpdir(), 'panda-jobs-count-'));
let rs: SqliteReadStore;
const TYPES = ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'];
const jobs: Doc[] = Array.from({ length: 240 }, (_, i) => ({
  id: `job${i}`,
  Student_ID: `student${i % 60}`,
  Student_Name: `Student ${i % 60}`,
  student_email: `s${i % 60}@pipe.example`,
  Job_Type: TYPES[i % 4],
  Total_Count: i % 7 === 0 ? 0 : 3,
  centre_id: `centre${i % 3}`,
  mentor_id: `mentor${i % 5}`,
  opened_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
  updated_at: `2026-01-02T00:00:${String(i % 60).padStart(2, '0')}Z`,
}));

beforeAll(async () => {
  rs = new SqliteReadStore(join(dir, 'read.db'));
  await rs.commit(
    'training',
    0,
    1,
    jobs.map((doc) => ({ op: 'put' as const, collection: JOBS, doc })),
  );
  await rs.ensureIndexes(JOBS, trainingProjection.collections[JOBS]);
});
afterAll(async () => {
  await rs.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a centre's or mentor's jobs: the total", () => {
  const cases = [
    ['centre_id', 'centre1'],
    ['mentor_id', 'mentor2'],
  ] as const;
  for (const [field, id] of cases)
    for (const q of [null, 'pipework', '2@pipe', 'student 4']) {
      it(`by ${field}${q ? `, ?q=${q}` : ''}: counted right`, async () => {
        const paging = parsePaging(q ? { q } : {}, JOB_LIST);
        // The filter GET /api/jobs counts (findPage: the caller's jobs of a total above 0, and the search).
        const filter = allOf({ [field]: id, Total_Count: { $gt: 0 } }, searchFilter(paging.q, paging.search));
        const expected = jobs.filter((j) => matches(j, filter)).length;
        expect(expected).toBeGreaterThan(0);
        expect(await rs.count(JOBS, filter)).toBe(expected);
      });
    }
});
