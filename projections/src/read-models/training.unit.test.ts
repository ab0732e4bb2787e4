import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@panda/events/envelope';
import type { ProjectionContext } from '../projection';
import { matches, type Doc } from '../read-store';
import {
  CENTRE_STATS,
  JOBS,
  MENTOR_STATS,
  STUDENTS,
  trainingProjection,
  type JobDoc,
  type StudentDoc,
} from './training';

/** Applies events to the projection over an in-memory store. */
function project(events: { type: string; data: unknown }[]) {
  const cols = new Map<string, Map<string, Doc>>();
  const col = (c: string) => cols.get(c) ?? (cols.set(c, new Map()), cols.get(c)!);
  const ctx: ProjectionContext = {
    get: async (c, id) => structuredClone(col(c).get(id) ?? null),
    find: async (c, filter) => structuredClone([...col(c).values()].filter((d) => matches(d, filter))),
    put: (c, doc) => void col(c).set(doc.id, structuredClone(doc)),
    delete: (c, id) => void col(c).delete(id),
  };
  return (async () => {
    let position = 0;
    for (const e of events) {
      position += 1;
      const recorded: RecordedEvent = {
        eventId: `e${position}`,
        stream: 's',
        streamVersion: position,
        position,
        time: `2026-01-01T00:00:${String(position).padStart(2, '0')}.000Z`,
        actorId: null,
        correlationId: 'c',
        commandId: null,
        ...e,
      };
      if (trainingProjection.handles.includes(e.type)) await trainingProjection.apply(recorded, ctx);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads documents of several shapes
    return { get: (c: string, id: string) => col(c).get(id) as any, all: (c: string) => [...col(c).values()] as any[] };
  })();
}

const registered = (id: string, centreId: string | null = 'c1') => ({
  type: 'StudentRegistered',
  data: {
    accountId: id,
    centreId,
    firstName: 'Amy',
    lastName: id,
    email: `${id}@x.co`,
    phone: '0770',
    postcode: 'M1',
    dateOfBirth: null,
    requirements: { boilerInstalls: 2, boilerService: 0, pipework: 1, repair: 0 },
    temporaryPasswordHash: 't',
  },
});
const proposed = (s: string, p: string, m: string) => ({
  type: 'PlacementProposed',
  data: { placementId: p, studentId: s, mentorId: m, centreId: 'c1', notes: null, reasons: [] },
});
const accepted = (s: string, p: string, m: string) => ({
  type: 'PlacementAccepted',
  data: { placementId: p, studentId: s, mentorId: m },
});
const ended = (s: string, p: string, m: string) => ({
  type: 'PlacementEnded',
  data: { placementId: p, studentId: s, mentorId: m, status: 'completed', notes: null },
});
const opened = (s: string, j: string, jobType: string, totalCount: number, m = 'm1', p = 'p1') => ({
  type: 'JobOpened',
  data: { jobId: j, studentId: s, placementId: p, mentorId: m, jobType, totalCount },
});
const signature = {
  signature: 'DC',
  mentorName: 'Dave Clarke',
  date: '2026-01-02',
  time: '09:00',
  timestamp: '2026-01-02T09:00:00.000Z',
};
const signed = (s: string, j: string, n: number, m = 'm1') => ({
  type: 'JobCardSigned',
  data: {
    jobId: j,
    studentId: s,
    mentorId: m,
    signature: { ...signature, time: `09:0${n}` },
    completedAt: `2026-01-02T09:0${n}:00.000Z`,
    completedCount: n,
  },
});

describe('training projection', () => {
  it('counts registrations per centre and keeps the most recent one', async () => {
    const rm = await project([registered('s1'), registered('s2'), registered('s3', 'c2'), registered('s4', null)]);
    expect(rm.get(CENTRE_STATS, 'c1')).toMatchObject({
      total_students: 2,
      placed_students: 0,
      latest_student_id: 's2',
    });
    expect(rm.get(CENTRE_STATS, 'c2')).toMatchObject({ total_students: 1 });
    const s = rm.get(STUDENTS, 's1') as StudentDoc;
    expect(s).toMatchObject({
      Matched: false,
      placement_status: null,
      requirements: { Boiler_Installs: 2, Boiler_Service: 0, Pipework: 1, Repair: 0 },
      has_requirements: true,
    });
    expect(s._audience).toEqual(['s1', 'c1']);
    expect((rm.get(STUDENTS, 's4') as StudentDoc)._audience).toEqual(['s4']);
  });

  it('opens jobs on placement: the mentor joins the audience of the student and their jobs; counters follow', async () => {
    const rm = await project([
      registered('s1'),
      registered('s2'),
      proposed('s1', 'p1', 'm1'),
      accepted('s1', 'p1', 'm1'),
      opened('s1', 'j1', 'Boiler Installs', 2),
      opened('s1', 'j2', 'Pipework', 1),
    ]);
    expect(rm.get(STUDENTS, 's1')).toMatchObject({
      Matched: true,
      placement_status: 'active',
      placement_id: 'p1',
      mentor_id: 'm1',
      _audience: ['s1', 'c1', 'm1'],
    });
    expect(rm.get(STUDENTS, 's1').jobs).toEqual([
      { id: 'j1', Job_Type: 'Boiler Installs', Total_Count: 2, Completed_Count: 0 },
      { id: 'j2', Job_Type: 'Pipework', Total_Count: 1, Completed_Count: 0 },
    ]);
    expect(rm.get(JOBS, 'j1')).toMatchObject({
      Student_ID: 's1',
      Student_Name: 'Amy s1',
      mentor_id: 'm1',
      centre_id: 'c1',
      status: 'in_progress',
      percent: 0,
      _audience: ['s1', 'c1', 'm1'],
    });
    expect(rm.get(CENTRE_STATS, 'c1')).toMatchObject({ total_students: 2, placed_students: 1 });
    expect(rm.get(MENTOR_STATS, 'm1')).toMatchObject({ active_students: 1, jobs_supervised: 0 });
  });

  it('records each signed card: latest signature, full history oldest first, percent, counters', async () => {
    const rm = await project([
      registered('s1'),
      proposed('s1', 'p1', 'm1'),
      accepted('s1', 'p1', 'm1'),
      opened('s1', 'j1', 'Boiler Installs', 2),
      signed('s1', 'j1', 1),
      signed('s1', 'j1', 2),
    ]);
    const job = rm.get(JOBS, 'j1') as JobDoc;
    expect(job).toMatchObject({
      Completed_Count: 2,
      status: 'completed',
      percent: 100,
      completed_at: '2026-01-02T09:02:00.000Z',
      mentor_signature: { time: '09:02' },
    });
    expect(job.signatures.map((s) => s.time)).toEqual(['09:01', '09:02']);
    expect(rm.get(MENTOR_STATS, 'm1')).toMatchObject({ jobs_supervised: 2 });
    expect(rm.get(STUDENTS, 's1')).toMatchObject({
      cards_signed: 2,
      jobs: [{ id: 'j1', Completed_Count: 2, Total_Count: 2 }],
    });
  });

  it('ends a placement: the mentor leaves the audience, counters go down, cards stay', async () => {
    const rm = await project([
      registered('s1'),
      proposed('s1', 'p1', 'm1'),
      accepted('s1', 'p1', 'm1'),
      opened('s1', 'j1', 'Boiler Installs', 2),
      signed('s1', 'j1', 1),
      ended('s1', 'p1', 'm1'),
    ]);
    expect(rm.get(STUDENTS, 's1')).toMatchObject({
      Matched: false,
      placement_status: null,
      mentor_id: null,
      _audience: ['s1', 'c1'],
    });
    expect(rm.get(JOBS, 'j1')).toMatchObject({ mentor_id: null, Completed_Count: 1, _audience: ['s1', 'c1'] });
    expect(rm.get(CENTRE_STATS, 'c1')).toMatchObject({ placed_students: 0 });
    expect(rm.get(MENTOR_STATS, 'm1')).toMatchObject({ active_students: 0, jobs_supervised: 1 });
  });

  it('follows a pending proposal, a decline, a total adjustment and a renamed student', async () => {
    const rm = await project([
      registered('s1'),
      proposed('s1', 'p0', 'm2'),
      { type: 'PlacementDeclined', data: { placementId: 'p0', studentId: 's1', mentorId: 'm2', reason: 'Full' } },
      proposed('s1', 'p1', 'm1'),
    ]);
    expect(rm.get(STUDENTS, 's1')).toMatchObject({
      placement_status: 'pending',
      placement_id: 'p1',
      Matched: false,
      mentor_id: null,
    });
    const rm2 = await project([
      registered('s1'),
      proposed('s1', 'p1', 'm1'),
      accepted('s1', 'p1', 'm1'),
      opened('s1', 'j1', 'Boiler Installs', 2),
      {
        type: 'RequirementsSet',
        data: {
          studentId: 's1',
          requirements: { boilerInstalls: 5, boilerService: 0, pipework: 0, repair: 0 },
          additionalRequirements: 'LPG',
        },
      },
      { type: 'JobTotalAdjusted', data: { jobId: 'j1', studentId: 's1', totalCount: 5 } },
      { type: 'ProfileChanged', data: { accountId: 's1', changes: { First_Name: 'Amelia', Postcode: 'M3' } } },
    ]);
    expect(rm2.get(STUDENTS, 's1')).toMatchObject({
      First_Name: 'Amelia',
      Name: 'Amelia s1',
      Postcode: 'M3',
      additional_requirements: 'LPG',
      requirements: { Boiler_Installs: 5 },
      jobs: [{ Total_Count: 5 }],
    });
    expect(rm2.get(JOBS, 'j1')).toMatchObject({
      Total_Count: 5,
      Student_Name: 'Amelia s1',
      student_postcode: 'M3',
      percent: 0,
    });
  });
});
