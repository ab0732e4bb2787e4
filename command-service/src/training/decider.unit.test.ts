import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardContentHash, evidencedContentHash, signatureContentHash } from '@panda/events/signature-hash';
import type { JobRequirements } from '@panda/events/catalogue/accounts';
import type { CardEvidence, JobType } from '@panda/events/catalogue/training';
import {
  jobOpened,
  placementAccepted,
  placementEnded,
  placementProposed,
  requirements as req,
  studentRegistered,
} from '@panda/events/testing/fixtures';
import type { Qualifications } from '@panda/events/domain/gas-safe-categories';
import { spec } from '../shared/given-when-then';
import { trainingDecider, type EvidenceInput, type TrainingCommand, type UploadedPhoto } from './decider';
import type { TrainingEvent } from './state';
import type { AccountEvent } from '../accounts/decider';

type E = TrainingEvent | AccountEvent;
const training = spec(trainingDecider);

const registered = (requirements = req(10, 4, 8, 5)): E => studentRegistered({ requirements });
const proposed: E = placementProposed();
const accepted: E = placementAccepted();
const ended: E = placementEnded({ status: 'cancelled' });
const opened = (jobId: string, jobType: JobType, totalCount: number): E => jobOpened({ jobId, jobType, totalCount });
const signature = {
  signature: 'D Clarke',
  mentorName: 'Dave Clarke',
  date: '2026-01-05',
  time: '10:30',
  timestamp: '2026-01-05T10:30:00.000Z',
};
const TYPE_OF: Record<string, JobType> = {
  'j-bi': 'Boiler Installs',
  'j-bs': 'Boiler Service',
  'j-pw': 'Pipework',
  'j-r': 'Repair',
};
/** The server's time of the sign-offs below, and the device's claimed time (docs/rules.md#evidence). */
const SIGNED_AT = '2026-01-05T11:00:00.000Z';
const CAPTURED_AT = '2026-01-05T10:30:00.000Z';
const evidenceIn: EvidenceInput = {
  sitePostcode: 'M1 1AA',
  appliance: { kind: 'boiler', make: 'Worcester', model: null },
  workDone: 'Replaced the diverter valve and tested the system',
  durationMinutes: 90,
  photoIds: [],
};
/** An uploaded photo; by default an hour before the sign-off (SIGNED_AT). */
const photo = (
  photoId: string,
  mentorId = 'm1',
  usedBy: string | null = null,
  uploadedAt = '2026-01-05T10:00:00.000Z',
): UploadedPhoto => ({
  photoId,
  mentorId,
  sha256: createHash('sha256').update(photoId).digest('hex'),
  dhash: '0f0f0f0f0f0f0f0f',
  usedBy,
  uploadedAt,
});
const evidenceOf = (photos: UploadedPhoto[] = []): CardEvidence => ({
  sitePostcode: evidenceIn.sitePostcode,
  appliance: evidenceIn.appliance,
  workDone: evidenceIn.workDone,
  durationMinutes: evidenceIn.durationMinutes,
  photos: photos.map(({ photoId, sha256, dhash }) => ({ photoId, sha256, dhash })),
});
const signed = (
  jobId: string,
  completedCount: number,
  mentorId = 'm1',
  signatureId = `sig-${jobId}-${completedCount}`,
  evidence = evidenceOf(),
): E => ({
  type: 'JobCardSigned',
  data: {
    jobId,
    studentId: 's1',
    mentorId,
    signature,
    completedAt: '2026-01-05T10:30:00.000Z',
    completedCount,
    contentHash: evidencedContentHash({
      studentId: 's1',
      jobType: TYPE_OF[jobId],
      count: completedCount,
      completedAt: '2026-01-05T10:30:00.000Z',
      mentorId,
      signature,
      evidence,
      signedAt: SIGNED_AT,
      capturedAt: CAPTURED_AT,
    }),
    signatureId,
    evidence,
    signedAt: SIGNED_AT,
    capturedAt: CAPTURED_AT,
    hashVersion: 2,
  },
});
const placedWith = { placementId: 'p1', mentorId: 'm1', previousRequirements: req(10, 4, 8, 5) };
const placed = [
  registered(),
  proposed,
  accepted,
  opened('j-bi', 'Boiler Installs', 10),
  opened('j-bs', 'Boiler Service', 4),
  opened('j-pw', 'Pipework', 8),
  opened('j-r', 'Repair', 5),
];

const setGoals = (requirements: JobRequirements, additionalRequirements: string | null = null): TrainingCommand => ({
  type: 'SetRequirements',
  requirements,
  additionalRequirements,
  newJobIds: ['n-bi', 'n-bs', 'n-pw', 'n-r'],
});
/** Every Gas Safe category: the mentor may sign any job type. */
const ALL_CATEGORIES: Qualifications = {
  Qualified_Boilers: true,
  Qualified_Cookers: true,
  Qualified_Gas_Fires: true,
  Qualified_Gas_Meters: true,
  Qualified_LPG: true,
  Qualified_Commercial: true,
};
type SignCommand = Extract<TrainingCommand, { type: 'SignJobCard' }>;
const sign = (
  jobId: string,
  mentorId = 'm1',
  qualifications: Qualifications | null = ALL_CATEGORIES,
  over: Partial<SignCommand> = {},
): TrainingCommand => ({
  type: 'SignJobCard',
  jobId,
  mentorId,
  signature,
  completedAt: '2026-01-05T10:30:00.000Z',
  signatureId: 'sig-new',
  qualifications,
  evidence: evidenceIn,
  photos: {},
  signedAt: SIGNED_AT,
  capturedAt: CAPTURED_AT,
  ...over,
});

describe('training goals (SetRequirements)', () => {
  it('records the goals of a registered student', () => {
    training
      .given([registered()])
      .when(setGoals(req(12, 0, 3, 1), 'LPG if possible'))
      .then([
        {
          type: 'RequirementsSet',
          data: { studentId: 's1', requirements: req(12, 0, 3, 1), additionalRequirements: 'LPG if possible' },
        },
      ]);
  });

  it('accepts the bounds 1 and 100, with 0 meaning not required', () => {
    training
      .given([registered()])
      .when(setGoals(req(1, 100, 0, 0)))
      .then([
        {
          type: 'RequirementsSet',
          data: { studentId: 's1', requirements: req(1, 100, 0, 0), additionalRequirements: null },
        },
      ]);
  });

  it('refuses a count above 100 or below 0, or not a whole number', () => {
    training
      .given([registered()])
      .when(setGoals(req(101, 1, 1, 1)))
      .thenThrows(400, 'boilerInstalls: Must be between 1 and 100');
    training
      .given([registered()])
      .when(setGoals(req(1, -1, 1, 1)))
      .thenThrows(400, 'boilerService: Must be between 1 and 100');
    training
      .given([registered()])
      .when(setGoals(req(1, 1, 2.5, 1)))
      .thenThrows(400, 'pipework: Must be between 1 and 100');
  });

  it('refuses goals without any job', () => {
    training
      .given([registered()])
      .when(setGoals(req(0, 0, 0, 0)))
      .thenThrows(400, 'Please specify at least one job requirement');
  });

  it('refuses a student who does not exist', () => {
    training
      .given([])
      .when(setGoals(req(1, 1, 1, 1)))
      .thenThrows(404);
  });

  it('adjusts the totals of open jobs to the new requirements, leaving unchanged ones alone', () => {
    training
      .given(placed)
      .when(setGoals(req(12, 4, 6, 5)))
      .then([
        {
          type: 'RequirementsSet',
          data: { studentId: 's1', requirements: req(12, 4, 6, 5), additionalRequirements: null, placedWith },
        },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-bi', studentId: 's1', totalCount: 12 } },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-pw', studentId: 's1', totalCount: 6 } },
      ]);
  });

  it('refuses a requirement below the cards already signed for that type, and changes nothing', () => {
    const threeRepairs = [...placed, signed('j-r', 1), signed('j-r', 2), signed('j-r', 3)];
    training
      .given(threeRepairs)
      .when(setGoals(req(10, 4, 8, 2)))
      .thenThrows(400, 'repair_required: Cannot be lower than the 3 job cards already signed');
    // Not required any more is lower too; the text of docs/rules.md#training-goals, word for word, for one card too.
    training
      .given([...placed, signed('j-bs', 1)])
      .when(setGoals(req(10, 0, 8, 5)))
      .thenThrows(400, 'boiler_service_required: Cannot be lower than the 1 job cards already signed');
    // Cards signed under an earlier placement count after the student has left it.
    training
      .given([...threeRepairs, ended])
      .when(setGoals(req(1, 0, 0, 2)))
      .thenThrows(400, 'Cannot be lower than the 3 job cards already signed');
  });

  it('accepts a requirement equal to the cards already signed, which completes the job', () => {
    training
      .given([...placed, signed('j-r', 1), signed('j-r', 2), signed('j-r', 3)])
      .when(setGoals(req(10, 4, 8, 3)))
      .then([
        {
          type: 'RequirementsSet',
          data: { studentId: 's1', requirements: req(10, 4, 8, 3), additionalRequirements: null, placedWith },
        },
        { type: 'JobTotalAdjusted', data: { jobId: 'j-r', studentId: 's1', totalCount: 3 } },
      ]);
  });

  it('opens a job for a newly required type while the student is placed', () => {
    training
      .given([registered(req(3, 0, 0, 0)), proposed, accepted, opened('j-bi', 'Boiler Installs', 3)])
      .when(setGoals(req(3, 0, 2, 0)))
      .then([
        {
          type: 'RequirementsSet',
          data: {
            studentId: 's1',
            requirements: req(3, 0, 2, 0),
            additionalRequirements: null,
            placedWith: { ...placedWith, previousRequirements: req(3, 0, 0, 0) },
          },
        },
        {
          type: 'JobOpened',
          data: {
            jobId: 'n-pw',
            studentId: 's1',
            placementId: 'p1',
            mentorId: 'm1',
            jobType: 'Pipework',
            totalCount: 2,
          },
        },
      ]);
  });

  it('opens no job while the student is not placed (jobs open when a placement becomes active)', () => {
    training
      .given([registered(), proposed])
      .when(setGoals(req(3, 3, 3, 3)))
      .then([
        {
          type: 'RequirementsSet',
          data: { studentId: 's1', requirements: req(3, 3, 3, 3), additionalRequirements: null },
        },
      ]);
  });
});

describe('job cards (SignJobCard)', () => {
  it('signs ONE card: the completed count goes up by one', () => {
    training
      .given(placed)
      .when(sign('j-r'))
      .then([signed('j-r', 1, 'm1', 'sig-new')]);
    training
      .given([...placed, signed('j-r', 1), signed('j-r', 2)])
      .when(sign('j-r'))
      .then([signed('j-r', 3, 'm1', 'sig-new')]);
  });

  it('refuses signing past the total', () => {
    const five = [1, 2, 3, 4, 5].map((n) => signed('j-r', n));
    training
      .given([...placed, ...five])
      .when(sign('j-r'))
      .thenThrows(409, 'This job is already complete');
  });

  it('refuses signing once a lowered requirement already completed the job', () => {
    training
      .given([
        ...placed,
        signed('j-bs', 1),
        signed('j-bs', 2),
        { type: 'JobTotalAdjusted', data: { jobId: 'j-bs', studentId: 's1', totalCount: 2 } },
      ])
      .when(sign('j-bs'))
      .thenThrows(409, 'This job is already complete');
  });

  it("refuses anyone but the student's active mentor, without revealing the job", () => {
    training.given(placed).when(sign('j-r', 'm2')).thenThrows(404, 'Job not found');
    training
      .given([...placed, ended])
      .when(sign('j-r'))
      .thenThrows(404, 'Job not found');
    training.given(placed).when(sign('no-such-job')).thenThrows(404, 'Job not found');
  });

  it('lets the new mentor sign a job reassigned to their placement', () => {
    const second: E[] = [
      ended,
      {
        type: 'PlacementProposed',
        data: { placementId: 'p2', studentId: 's1', mentorId: 'm2', centreId: 'c1', notes: null, reasons: [] },
      },
      { type: 'PlacementAccepted', data: { placementId: 'p2', studentId: 's1', mentorId: 'm2' } },
      { type: 'JobReassigned', data: { jobId: 'j-r', studentId: 's1', placementId: 'p2', mentorId: 'm2' } },
    ];
    training
      .given([...placed, signed('j-r', 1), ...second])
      .when(sign('j-r', 'm1'))
      .thenThrows(404);
    training
      .given([...placed, signed('j-r', 1), ...second])
      .when(sign('j-r', 'm2'))
      .then([signed('j-r', 2, 'm2', 'sig-new')]);
  });

  it('binds each sign-off to the SHA-256 of the canonical card content it signs, evidence and times included (scheme 2)', () => {
    // Canonical JSON: keys sorted at every depth, no whitespace.
    const canonical =
      '{"capturedAt":"2026-01-05T10:30:00.000Z","completedAt":"2026-01-05T10:30:00.000Z","count":1,' +
      '"evidence":{"appliance":{"kind":"boiler","make":"Worcester","model":null},"durationMinutes":90,' +
      '"photos":[],"sitePostcode":"M1 1AA","workDone":"Replaced the diverter valve and tested the system"},' +
      '"hashVersion":2,"jobType":"Repair","mentorId":"m1","signature":{"date":"2026-01-05","mentorName":"Dave Clarke",' +
      '"signature":"D Clarke","time":"10:30","timestamp":"2026-01-05T10:30:00.000Z"},' +
      '"signedAt":"2026-01-05T11:00:00.000Z","studentId":"s1"}';
    const expected = createHash('sha256').update(canonical).digest('hex');
    training
      .given(placed)
      .when(sign('j-r'))
      .then([
        {
          type: 'JobCardSigned',
          data: {
            jobId: 'j-r',
            studentId: 's1',
            mentorId: 'm1',
            signature,
            completedAt: '2026-01-05T10:30:00.000Z',
            completedCount: 1,
            contentHash: expected,
            signatureId: 'sig-new',
            evidence: evidenceOf(),
            signedAt: SIGNED_AT,
            capturedAt: CAPTURED_AT,
            hashVersion: 2,
          },
        },
      ]);
  });

  it('keeps cards signed under scheme 1 verifying: their hash is the one without evidence', () => {
    const content = {
      studentId: 's1',
      jobType: 'Repair',
      count: 1,
      completedAt: '2026-01-05T10:30:00.000Z',
      mentorId: 'm1',
      signature,
    };
    const legacy = {
      studentId: 's1',
      mentorId: 'm1',
      completedAt: content.completedAt,
      completedCount: 1,
      signature,
    };
    expect(cardContentHash(legacy, 'Repair')).toBe(signatureContentHash(content));
    expect(
      createHash('sha256')
        .update(
          '{"completedAt":"2026-01-05T10:30:00.000Z","count":1,"jobType":"Repair","mentorId":"m1","signature":{"date":"2026-01-05","mentorName":"Dave Clarke","signature":"D Clarke","time":"10:30","timestamp":"2026-01-05T10:30:00.000Z"},"studentId":"s1"}',
        )
        .digest('hex'),
    ).toBe(signatureContentHash(content));
    // A scheme 2 event verifies under scheme 2 only.
    const v2 = signed('j-r', 1).data as Parameters<typeof cardContentHash>[0] & { contentHash: string };
    expect(cardContentHash(v2, 'Repair')).toBe(v2.contentHash);
    expect(cardContentHash({ ...v2, hashVersion: undefined }, 'Repair')).not.toBe(v2.contentHash);
  });
});

describe('evidence on every sign-off (docs/rules.md#evidence)', () => {
  const dated = (date: string, signedAt = SIGNED_AT) =>
    sign('j-r', 'm1', ALL_CATEGORIES, { signature: { ...signature, date }, signedAt });
  const dateOf = (events: E[]) => (events[0].data as { signature: { date: string } }).signature.date;
  const decide = (given: E[], command: TrainingCommand) =>
    trainingDecider.decide(command, given.reduce(trainingDecider.evolve, trainingDecider.initialState()));

  it('refuses a work date after today (UK time) and records nothing', () => {
    training
      .given(placed)
      .when(dated('2026-01-06'))
      .thenThrows(400, 'mentor_signature.date: The work date cannot be in the future');
    expect(dateOf(decide(placed, dated('2026-01-05')))).toBe('2026-01-05');
    // 23:30 UTC on 30 June is already 1 July in the UK (summer time): 1 July is today, 2 July is not.
    expect(dateOf(decide(placed, dated('2026-07-01', '2026-06-30T23:30:00.000Z')))).toBe('2026-07-01');
    training
      .given(placed)
      .when(dated('2026-07-02', '2026-06-30T23:30:00.000Z'))
      .thenThrows(400, 'The work date cannot be in the future');
  });

  it('refuses a work date before the day the placement was accepted (UK time)', () => {
    // The store's envelope gives the acceptance its time: 3 Jan 2026, 09:00.
    const acceptedOn3rd = { ...accepted, time: '2026-01-03T09:00:00.000Z' } as unknown as E;
    const history = [registered(), proposed, acceptedOn3rd, opened('j-r', 'Repair', 5)];
    training
      .given(history)
      .when(dated('2026-01-02'))
      .thenThrows(400, 'mentor_signature.date: The work date cannot be before the placement began (2026-01-03)');
    expect(dateOf(decide(history, dated('2026-01-03')))).toBe('2026-01-03');
  });

  it('records the server time of signing and the device time as given, never the typed ones', () => {
    const [event] = decide(
      placed,
      sign('j-r', 'm1', ALL_CATEGORIES, { signedAt: '2026-01-05T12:34:56.000Z', capturedAt: null }),
    );
    expect(event.data).toMatchObject({ signedAt: '2026-01-05T12:34:56.000Z', capturedAt: null, hashVersion: 2 });
  });

  it("records each photo's id, SHA-256 and perceptual hash, in the card's order", () => {
    const [a, b] = [photo('ph-a'), photo('ph-b')];
    training
      .given(placed)
      .when(
        sign('j-r', 'm1', ALL_CATEGORIES, {
          evidence: { ...evidenceIn, photoIds: ['ph-b', 'ph-a'] },
          photos: { 'ph-a': a, 'ph-b': b },
        }),
      )
      .then([signed('j-r', 1, 'm1', 'sig-new', evidenceOf([b, a]))]);
  });

  it("accepts only the signing mentor's uploaded photos, without revealing another mentor's", () => {
    const withPhotos = (photos: Record<string, UploadedPhoto>, photoIds = Object.keys(photos)) =>
      sign('j-r', 'm1', ALL_CATEGORIES, { evidence: { ...evidenceIn, photoIds }, photos });
    training
      .given(placed)
      .when(withPhotos({}, ['ph-none']))
      .thenThrows(400, 'photo_ids: Photo not found: please upload it again');
    training
      .given(placed)
      .when(withPhotos({ 'ph-m2': photo('ph-m2', 'm2') }))
      .thenThrows(400, 'photo_ids: Photo not found: please upload it again');
  });

  it('refuses a photo already on a card (of any student) and the same photo twice', () => {
    const withPhotos = (photos: Record<string, UploadedPhoto>, photoIds = Object.keys(photos)) =>
      sign('j-r', 'm1', ALL_CATEGORIES, { evidence: { ...evidenceIn, photoIds }, photos });
    // Used on another student's card (the write side's index of the log says so).
    training
      .given(placed)
      .when(withPhotos({ 'ph-a': photo('ph-a', 'm1', 'sig-other') }))
      .thenThrows(400, 'photo_ids: This photo is already on another job card');
    // Used on this student's earlier card (this stream says so).
    training
      .given([...placed, signed('j-r', 1, 'm1', 'sig-1', evidenceOf([photo('ph-a')]))])
      .when(withPhotos({ 'ph-a': photo('ph-a') }))
      .thenThrows(400, 'This photo is already on another job card');
    training
      .given(placed)
      .when(withPhotos({ 'ph-a': photo('ph-a') }, ['ph-a', 'ph-a']))
      .thenThrows(400, 'photo_ids: Each photo can be added once');
  });

  it('refuses an unused photo uploaded 24 hours or more before the sign-off, swept or not (docs/rules.md#unused-photos)', () => {
    const withPhoto = (uploadedAt: string) =>
      sign('j-r', 'm1', ALL_CATEGORIES, {
        evidence: { ...evidenceIn, photoIds: ['ph-a'] },
        photos: { 'ph-a': photo('ph-a', 'm1', null, uploadedAt) },
      });
    // SIGNED_AT is 2026-01-05T11:00Z.
    training
      .given(placed)
      .when(withPhoto('2026-01-04T11:00:00.000Z'))
      .thenThrows(400, 'photo_ids: Photo not found: please upload it again');
    training
      .given(placed)
      .when(withPhoto('2026-01-04T11:00:00.001Z'))
      .then([signed('j-r', 1, 'm1', 'sig-new', evidenceOf([photo('ph-a')]))]);
  });

  it('takes at most six photos', () => {
    const ids = ['1', '2', '3', '4', '5', '6', '7'].map((n) => `ph-${n}`);
    const photos = Object.fromEntries(ids.map((id) => [id, photo(id)]));
    training
      .given(placed)
      .when(sign('j-r', 'm1', ALL_CATEGORIES, { evidence: { ...evidenceIn, photoIds: ids }, photos }))
      .thenThrows(400, 'photo_ids: At most 6 photos');
    const six = decide(
      placed,
      sign('j-r', 'm1', ALL_CATEGORIES, { evidence: { ...evidenceIn, photoIds: ids.slice(0, 6) }, photos }),
    );
    expect((six[0].data as { evidence: CardEvidence }).evidence.photos).toHaveLength(6);
  });

  it("binds the photos into the signed hash: another photo's SHA-256 gives another hash", () => {
    const a = photo('ph-a');
    const hashWith = (p: UploadedPhoto) =>
      (
        decide(
          placed,
          sign('j-r', 'm1', ALL_CATEGORIES, { evidence: { ...evidenceIn, photoIds: ['ph-a'] }, photos: { 'ph-a': p } }),
        )[0].data as { contentHash: string }
      ).contentHash;
    expect(hashWith(a)).not.toBe(hashWith({ ...a, sha256: 'f'.repeat(64) }));
    expect(hashWith(a)).not.toBe(hashWith({ ...a, dhash: 'ffffffffffffffff' }));
    const without = (decide(placed, sign('j-r'))[0].data as { contentHash: string }).contentHash;
    expect(hashWith(a)).not.toBe(without);
  });
});

describe('Gas Safe categories', () => {
  it("refuses a job type the categories do not cover, with the ruling's text, and records nothing", () => {
    const cookersOnly: Qualifications = { Qualified_Cookers: true };
    training
      .given(placed)
      .when(sign('j-bi', 'm1', cookersOnly))
      .thenThrows(403, /^Your Gas Safe categories do not cover Boiler Installs$/);
    training
      .given(placed)
      .when(sign('j-bs', 'm1', cookersOnly))
      .thenThrows(403, 'Your Gas Safe categories do not cover Boiler Service');
    training
      .given(placed)
      .when(sign('j-pw', 'm1', {}))
      .thenThrows(403, 'Your Gas Safe categories do not cover Pipework');
    training
      .given(placed)
      .when(sign('j-r', 'm1', { Qualified_LPG: true }))
      .thenThrows(403, 'Your Gas Safe categories do not cover Repair');
    training
      .given(placed)
      .when(sign('j-r', 'm1', null))
      .thenThrows(403, 'Your Gas Safe categories do not cover Repair');
  });

  it('signs what the categories cover: boilers for boiler work, one of boilers/cookers/gas fires for Repair, any for Pipework', () => {
    training
      .given(placed)
      .when(sign('j-bi', 'm1', { Qualified_Boilers: true }))
      .then([signed('j-bi', 1, 'm1', 'sig-new')]);
    training
      .given(placed)
      .when(sign('j-r', 'm1', { Qualified_Gas_Fires: true }))
      .then([signed('j-r', 1, 'm1', 'sig-new')]);
    training
      .given(placed)
      .when(sign('j-pw', 'm1', { Qualified_Gas_Meters: true }))
      .then([signed('j-pw', 1, 'm1', 'sig-new')]);
  });
});

describe('trainee countersign and dispute', () => {
  const once = [...placed, signed('j-r', 1), signed('j-r', 2)];
  const hashOf = (e: E) => (e.data as { contentHash: string }).contentHash;
  const ref = { signatureId: 'sig-j-r-2', jobId: 'j-r', studentId: 's1', mentorId: 'm1' };
  const confirmed: E = { type: 'SignatureConfirmed', data: { ...ref, contentHash: hashOf(signed('j-r', 2)) } };
  const disputed: E = {
    type: 'SignatureDisputed',
    data: { ...ref, contentHash: hashOf(signed('j-r', 2)), reason: 'I was not there', centreId: 'c1' },
  };
  const confirm = (studentId = 's1', signatureId = 'sig-j-r-2'): TrainingCommand => ({
    type: 'ConfirmSignature',
    studentId,
    signatureId,
  });
  const dispute = (reason: string, studentId = 's1', at = '2026-01-06T09:00:00.000Z'): TrainingCommand => ({
    type: 'DisputeSignature',
    studentId,
    signatureId: 'sig-j-r-2',
    reason,
    at,
  });
  const resolve = (outcome: 'upheld' | 'rejected', reason = 'Checked the site diary'): TrainingCommand => ({
    type: 'ResolveDispute',
    adminId: 'a1',
    signatureId: 'sig-j-r-2',
    outcome,
    reason,
  });

  it('confirms a sign-off, bound to the content hash the mentor signed', () => {
    training.given(once).when(confirm()).then([confirmed]);
  });

  it('confirms once: a second confirm or a dispute after it is refused', () => {
    training
      .given([...once, confirmed])
      .when(confirm())
      .thenThrows(409, 'You have already confirmed this sign-off');
    training
      .given([...once, confirmed])
      .when(dispute('Wrong date'))
      .thenThrows(409, 'You have already confirmed this sign-off');
    training
      .given([...once, disputed])
      .when(confirm())
      .thenThrows(409, 'You have already disputed this sign-off');
  });

  it('disputes with a reason (trimmed), telling the centre; a blank reason is refused', () => {
    training.given(once).when(dispute('  I was not there ')).then([disputed]);
    training.given(once).when(dispute('   ')).thenThrows(400, 'reason: Please give a reason for the dispute');
  });

  it('a sign-off may be disputed for 30 days after it was recorded; later, only through support', () => {
    // The sign-off was recorded on 1 Jan 2026 at noon: its event's time, and the server's signing time in it.
    const at = (e: E, time: string) => ({ ...e, time, data: { ...e.data, signedAt: time } }) as unknown as E;
    const history = [...placed, signed('j-r', 1), at(signed('j-r', 2), '2026-01-01T12:00:00.000Z')];
    training
      .given(history)
      .when(dispute('I was not there', 's1', '2026-01-31T12:00:00.000Z'))
      .then([disputed]);
    training
      .given(history)
      .when(dispute('I was not there', 's1', '2026-01-31T12:00:01.000Z'))
      .thenThrows(
        400,
        'A sign-off can be disputed here for 30 days after it was signed. This one is older: please raise it with the Panda team in the Support Center.',
      );
    // Confirming has no such limit.
    training.given(history).when(confirm()).then([confirmed]);
  });

  it("only the card's student may, without revealing the sign-off to anyone else", () => {
    training.given(once).when(confirm('s2')).thenThrows(404, 'Sign-off not found');
    training.given(once).when(dispute('No', 'm1')).thenThrows(404, 'Sign-off not found');
    training.given(once).when(confirm('s1', 'no-such')).thenThrows(404, 'Sign-off not found');
  });

  it('an upheld dispute revokes the sign-off by a new event and the count goes down', () => {
    training
      .given([...once, disputed])
      .when(resolve('upheld'))
      .then([
        {
          type: 'DisputeResolved',
          data: { ...ref, outcome: 'upheld', reason: 'Checked the site diary', adminId: 'a1' },
        },
        { type: 'SignatureRevoked', data: { ...ref, reason: 'Checked the site diary', completedCount: 1 } },
      ]);
  });

  it('a rejected dispute lets the sign-off stand; either way once, and with a reason', () => {
    const rejected: E = {
      type: 'DisputeResolved',
      data: { ...ref, outcome: 'rejected', reason: 'Photos show the work', adminId: 'a1' },
    };
    training
      .given([...once, disputed])
      .when(resolve('rejected', 'Photos show the work'))
      .then([rejected]);
    training
      .given([...once, disputed, rejected])
      .when(resolve('upheld'))
      .thenThrows(409, 'This dispute has already been resolved');
    training
      .given([...once, disputed])
      .when(resolve('upheld', ' '))
      .thenThrows(400, 'reason: Please give a reason for the decision');
    training.given(once).when(resolve('rejected')).thenThrows(409, 'This sign-off is not disputed');
  });

  it('after a revoke the next card takes the freed place', () => {
    const revoked: E[] = [
      disputed,
      { type: 'DisputeResolved', data: { ...ref, outcome: 'upheld', reason: 'x', adminId: 'a1' } },
      { type: 'SignatureRevoked', data: { ...ref, reason: 'x', completedCount: 1 } },
    ];
    training
      .given([...once, ...revoked])
      .when(sign('j-r'))
      .then([signed('j-r', 2, 'm1', 'sig-new')]);
  });

  it('gives a sign-off recorded before ids existed an id made from its job and card number', () => {
    const legacy = signed('j-r', 1);
    delete (legacy.data as { signatureId?: string }).signatureId;
    training
      .given([...placed, legacy])
      .when(confirm('s1', 'j-r-card-1'))
      .then([
        {
          type: 'SignatureConfirmed',
          data: {
            signatureId: 'j-r-card-1',
            jobId: 'j-r',
            studentId: 's1',
            mentorId: 'm1',
            contentHash: hashOf(legacy),
          },
        },
      ]);
  });
});
