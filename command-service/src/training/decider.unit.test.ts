import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureContentHash } from '@panda/events/signature-hash';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import type { JobType } from '@panda/events/catalogue/training';
import { jobOpened, placementAccepted, placementEnded, placementProposed, requirements as req, studentRegistered } from '@panda/events/testing/fixtures';
import { spec } from '../shared/given-when-then';
import { trainingDecider, type TrainingCommand } from './decider';
import type { TrainingEvent } from './state';
import type { AccountEvent } from '../accounts/decider';

type E = TrainingEvent | AccountEvent;
const training = spec(trainingDecider);

const registered = (requirements = req(10, 4, 8, 5)): E => studentRegistered({ requirements });
const proposed: E = placementProposed();
const accepted: E = placementAccepted();
const ended: E = placementEnded({ status: 'cancelled' });
const opened = (jobId: string, jobType: JobType, totalCount: number): E => jobOpened({ jobId, jobType, totalCount });
const signature = { signature: 'D Clarke', mentorName: 'Dave Clarke', date: '2026-01-05', time: '10:30', timestamp: '2026-01-05T10:30:00.000Z' };
const TYPE_OF: Record<string, JobType> = { 'j-bi': 'Boiler Installs', 'j-bs': 'Boiler Service', 'j-pw': 'Pipework', 'j-r': 'Repair' };
const signed = (jobId: string, completedCount: number, mentorId = 'm1'): E => ({
  type: 'JobCardSigned',
  data: {
    jobId,
    studentId: 's1',
    mentorId,
    signature,
    completedAt: '2026-01-05T10:30:00.000Z',
    completedCount,
    contentHash: signatureContentHash({ studentId: 's1', jobType: TYPE_OF[jobId], count: completedCount, completedAt: '2026-01-05T10:30:00.000Z', mentorId, signature }),
  },
});
const placedWith = { placementId: 'p1', mentorId: 'm1', previousRequirements: req(10, 4, 8, 5) };
const placed = [registered(), proposed, accepted, opened('j-bi', 'Boiler Installs', 10), opened('j-bs', 'Boiler Service', 4), opened('j-pw', 'Pipework', 8), opened('j-r', 'Repair', 5)];

const setGoals = (requirements: JobRequirements, additionalRequirements: string | null = null): TrainingCommand => ({
  type: 'SetRequirements',
  requirements,
  additionalRequirements,
  newJobIds: ['n-bi', 'n-bs', 'n-pw', 'n-r'],
});
const sign = (jobId: string, mentorId = 'm1'): TrainingCommand => ({ type: 'SignJobCard', jobId, mentorId, signature, completedAt: '2026-01-05T10:30:00.000Z' });

describe('training goals (SetRequirements)', () => {
  it('records the goals of a registered student', () => {
    training
      .given([registered()])
      .when(setGoals(req(12, 0, 3, 1), 'LPG if possible'))
      .then([{ type: 'RequirementsSet', data: { studentId: 's1', requirements: req(12, 0, 3, 1), additionalRequirements: 'LPG if possible' } }]);
  });

  it('accepts the bounds 1 and 100, with 0 meaning not required', () => {
    training.given([registered()]).when(setGoals(req(1, 100, 0, 0))).then([{ type: 'RequirementsSet', data: { studentId: 's1', requirements: req(1, 100, 0, 0), additionalRequirements: null } }]);
  });

  it('refuses a count above 100 or below 0, or not a whole number', () => {
    training.given([registered()]).when(setGoals(req(101, 1, 1, 1))).thenThrows(400, 'boilerInstalls: Must be between 1 and 100');
    training.given([registered()]).when(setGoals(req(1, -1, 1, 1))).thenThrows(400, 'boilerService: Must be between 1 and 100');
    training.given([registered()]).when(setGoals(req(1, 1, 2.5, 1))).thenThrows(400, 'pipework: Must be between 1 and 100');
  });

  it('refuses goals without any job', () => {
    training.given([registered()]).when(setGoals(req(0, 0, 0, 0))).thenThrows(400, 'Please specify at least one job requirement');
  });

  it('refuses a student who does not exist', () => {
    training.given([]).when(setGoals(req(1, 1, 1, 1))).thenThrows(404);
  });

  it('adjusts the totals of open jobs to the new requirements, leaving unchanged ones alone', () => {
    training
      .given(placed)
      .when(setGoals(req(12, 4, 6, 5)))
      .then([
        { type: 'RequirementsSet', data: { studentId: 's1', requirements: req(12, 4, 6, 5), additionalRequirements: null, placedWith } },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-bi', studentId: 's1', totalCount: 12 } },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-pw', studentId: 's1', totalCount: 6 } },
      ]);
  });

  it("refuses a requirement below the cards already signed for that type (ruling 20), and changes nothing", () => {
    const threeRepairs = [...placed, signed('j-r', 1), signed('j-r', 2), signed('j-r', 3)];
    training.given(threeRepairs).when(setGoals(req(10, 4, 8, 2))).thenThrows(400, 'repair_required: Cannot be lower than the 3 job cards already signed');
    // Not required any more is lower too; the ruling's text, word for word, for one card too.
    training.given([...placed, signed('j-bs', 1)]).when(setGoals(req(10, 0, 8, 5))).thenThrows(400, 'boiler_service_required: Cannot be lower than the 1 job cards already signed');
    // Cards signed under an earlier placement count after the student has left it.
    training.given([...threeRepairs, ended]).when(setGoals(req(1, 0, 0, 2))).thenThrows(400, 'Cannot be lower than the 3 job cards already signed');
  });

  it('accepts a requirement equal to the cards already signed, which completes the job', () => {
    training
      .given([...placed, signed('j-r', 1), signed('j-r', 2), signed('j-r', 3)])
      .when(setGoals(req(10, 4, 8, 3)))
      .then([
        { type: 'RequirementsSet', data: { studentId: 's1', requirements: req(10, 4, 8, 3), additionalRequirements: null, placedWith } },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-r', studentId: 's1', totalCount: 3 } },
      ]);
  });

  it('opens a job for a newly required type while the student is placed', () => {
    training
      .given([registered(req(3, 0, 0, 0)), proposed, accepted, opened('j-bi', 'Boiler Installs', 3)])
      .when(setGoals(req(3, 0, 2, 0)))
      .then([
        { type: 'RequirementsSet', data: { studentId: 's1', requirements: req(3, 0, 2, 0), additionalRequirements: null, placedWith: { ...placedWith, previousRequirements: req(3, 0, 0, 0) } } },
        { type: 'JobOpened', data: { jobId: 'n-pw', studentId: 's1', placementId: 'p1', mentorId: 'm1', jobType: 'Pipework', totalCount: 2 } },
      ]);
  });

  it('opens no job while the student is not placed (jobs open when a placement becomes active)', () => {
    training
      .given([registered(), proposed])
      .when(setGoals(req(3, 3, 3, 3)))
      .then([{ type: 'RequirementsSet', data: { studentId: 's1', requirements: req(3, 3, 3, 3), additionalRequirements: null } }]);
  });
});

describe('job cards (SignJobCard)', () => {
  it('signs ONE card: the completed count goes up by one (ruling 7)', () => {
    training.given(placed).when(sign('j-r')).then([signed('j-r', 1)]);
    training.given([...placed, signed('j-r', 1), signed('j-r', 2)]).when(sign('j-r')).then([signed('j-r', 3)]);
  });

  it('refuses signing past the total', () => {
    const five = [1, 2, 3, 4, 5].map((n) => signed('j-r', n));
    training.given([...placed, ...five]).when(sign('j-r')).thenThrows(409, 'This job is already complete');
  });

  it('refuses signing once a lowered requirement already completed the job', () => {
    training
      .given([...placed, signed('j-bs', 1), signed('j-bs', 2), { type: 'JobTotalAdjusted', data: { jobId: 'j-bs', studentId: 's1', totalCount: 2 } }])
      .when(sign('j-bs'))
      .thenThrows(409, 'This job is already complete');
  });

  it("refuses anyone but the student's active mentor, without revealing the job", () => {
    training.given(placed).when(sign('j-r', 'm2')).thenThrows(404, 'Job not found');
    training.given([...placed, ended]).when(sign('j-r')).thenThrows(404, 'Job not found');
    training.given(placed).when(sign('no-such-job')).thenThrows(404, 'Job not found');
  });

  it('lets the new mentor sign a job reassigned to their placement', () => {
    const second: E[] = [
      ended,
      { type: 'PlacementProposed', data: { placementId: 'p2', studentId: 's1', mentorId: 'm2', centreId: 'c1', notes: null, reasons: [] } },
      { type: 'PlacementAccepted', data: { placementId: 'p2', studentId: 's1', mentorId: 'm2' } },
      { type: 'JobReassigned', data: { jobId: 'j-r', studentId: 's1', placementId: 'p2', mentorId: 'm2' } },
    ];
    training.given([...placed, signed('j-r', 1), ...second]).when(sign('j-r', 'm1')).thenThrows(404);
    training
      .given([...placed, signed('j-r', 1), ...second])
      .when(sign('j-r', 'm2'))
      .then([signed('j-r', 2, 'm2')]);
  });

  it('binds each sign-off to the SHA-256 of the canonical card content it signs', () => {
    // Canonical JSON: keys sorted at every depth, no whitespace.
    const canonical =
      '{"completedAt":"2026-01-05T10:30:00.000Z","count":1,"jobType":"Repair","mentorId":"m1","signature":{"date":"2026-01-05","mentorName":"Dave Clarke","signature":"D Clarke","time":"10:30","timestamp":"2026-01-05T10:30:00.000Z"},"studentId":"s1"}';
    const expected = createHash('sha256').update(canonical).digest('hex');
    training
      .given(placed)
      .when(sign('j-r'))
      .then([{ type: 'JobCardSigned', data: { jobId: 'j-r', studentId: 's1', mentorId: 'm1', signature, completedAt: '2026-01-05T10:30:00.000Z', completedCount: 1, contentHash: expected } }]);
    expect(signatureContentHash({ studentId: 's1', jobType: 'Repair', count: 1, completedAt: '2026-01-05T10:30:00.000Z', mentorId: 'm1', signature: { ...signature, signature: 'D Clarkee' } })).not.toBe(expected);
  });
});
