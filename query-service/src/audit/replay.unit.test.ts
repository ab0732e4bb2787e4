import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@panda/events/envelope';
import { createHash } from 'node:crypto';
import { evidencedContentHash, signatureContentHash } from '@panda/events/signature-hash';
import { jobsAsOf, parseAsOf, personAsOf, timelineAsOf } from './replay';

let position = 0;
const ev = (
  type: string,
  time: string,
  data: Record<string, unknown>,
  actorId: string | null = 'admin-1',
  stream = 'account-s1',
): RecordedEvent => ({
  eventId: `e${++position}`,
  type,
  stream,
  streamVersion: position,
  position,
  time,
  actorId,
  correlationId: 'c',
  commandId: `k${position}`,
  data,
});
const signature = (text: string, at: string) => ({
  signature: text,
  mentorName: 'Dave Clarke',
  date: at.slice(0, 10),
  time: at.slice(11, 16),
  timestamp: at,
});
const content = (count: number, at: string, text: string) => ({
  studentId: 's1',
  jobType: 'Repair',
  count,
  completedAt: at,
  mentorId: 'm1',
  signature: signature(text, at),
});

// Given a student placed on 1 March, cards signed on 3 March (with a hash), 5 March (an older event without one) and 8 March.
const student: RecordedEvent[] = [
  ev(
    'StudentRegistered',
    '2026-03-01T09:00:00.000Z',
    {
      accountId: 's1',
      centreId: 'c1',
      firstName: 'Amy',
      lastName: 'Pond',
      email: 'amy@x.co',
      phone: null,
      postcode: null,
      dateOfBirth: null,
      requirements: {},
      temporaryPasswordHash: 'h',
    },
    'c1',
  ),
  ev('PlacementProposed', '2026-03-01T10:00:00.000Z', {
    placementId: 'p1',
    studentId: 's1',
    mentorId: 'm1',
    centreId: 'c1',
    notes: 'near',
    reasons: [],
  }),
  ev('PlacementAccepted', '2026-03-01T11:00:00.000Z', { placementId: 'p1', studentId: 's1', mentorId: 'm1' }, 'm1'),
  ev(
    'JobOpened',
    '2026-03-01T11:00:00.000Z',
    { jobId: 'j1', studentId: 's1', placementId: 'p1', mentorId: 'm1', jobType: 'Repair', totalCount: 3 },
    'm1',
  ),
  ev(
    'JobCardSigned',
    '2026-03-03T12:00:00.000Z',
    {
      jobId: 'j1',
      studentId: 's1',
      mentorId: 'm1',
      signature: signature('D C', '2026-03-03T12:00:00.000Z'),
      completedAt: '2026-03-03T12:00:00.000Z',
      completedCount: 1,
      contentHash: signatureContentHash(content(1, '2026-03-03T12:00:00.000Z', 'D C')),
    },
    'm1',
  ),
  ev(
    'JobCardSigned',
    '2026-03-05T12:00:00.000Z',
    {
      jobId: 'j1',
      studentId: 's1',
      mentorId: 'm1',
      signature: signature('D C 2', '2026-03-05T12:00:00.000Z'),
      completedAt: '2026-03-05T12:00:00.000Z',
      completedCount: 2,
      // Made on the device two days earlier, sent when the signal came back.
      capturedAt: '2026-03-03T09:00:00.000Z',
    },
    'm1',
  ),
  ev('JobTotalAdjusted', '2026-03-06T12:00:00.000Z', { jobId: 'j1', studentId: 's1', totalCount: 2 }, 's1'),
];

describe('as-of folding', () => {
  it("answers a card's sign-offs as they stood at each instant", () => {
    expect(jobsAsOf(student, Date.parse('2026-03-01T10:30:00Z')).get('j1')).toBeUndefined();
    const opened = jobsAsOf(student, Date.parse('2026-03-02T00:00:00Z')).get('j1')!;
    expect(opened.job).toMatchObject({ total_count: 3, completed_count: 0, status: 'in_progress' });
    expect(opened.signatures).toEqual([]);

    const third = jobsAsOf(student, Date.parse('2026-03-03T12:00:00Z')).get('j1')!;
    expect(third.signatures.map((s) => s.signature.signature)).toEqual(['D C']);
    expect(third.signatures[0]).toMatchObject({
      card_number: 1,
      signed_at: '2026-03-03T12:00:00.000Z',
      mentor_id: 'm1',
      content_hash_source: 'recorded',
      content_hash_matches: true,
    });

    const later = jobsAsOf(student, Date.parse('2026-03-07T00:00:00Z')).get('j1')!;
    expect(later.signatures.map((s) => s.card_number)).toEqual([1, 2]);
    // The device's clock is kept apart from the server's receipt (docs/rules.md#outbox).
    expect(later.signatures.map((s) => [s.captured_at, s.signed_at])).toEqual([
      [null, '2026-03-03T12:00:00.000Z'],
      ['2026-03-03T09:00:00.000Z', '2026-03-05T12:00:00.000Z'],
    ]);
    expect(later.job).toMatchObject({ total_count: 2, completed_count: 2, status: 'completed' });
  });

  it('computes the hash of an older sign-off recorded without one, and marks it', () => {
    const [, older] = jobsAsOf(student, Date.parse('2026-03-05T12:00:00Z')).get('j1')!.signatures;
    expect(older.content_hash_source).toBe('computed_on_replay');
    expect(older.content_hash_matches).toBeNull();
    expect(older.content_hash).toBe(signatureContentHash(content(2, '2026-03-05T12:00:00.000Z', 'D C 2')));
  });

  it('shows a signed content changed after signing against its recorded hash', () => {
    const altered = student.map((e) =>
      e.position === student[4].position
        ? { ...e, data: { ...(e.data as object), signature: signature('Someone else', '2026-03-03T12:00:00.000Z') } }
        : e,
    );
    const [first] = jobsAsOf(altered, Date.parse('2026-03-04T00:00:00Z')).get('j1')!.signatures;
    expect(first.content_hash_source).toBe('recorded');
    expect(first.content_hash_matches).toBe(false);
  });

  it("replays a card with evidence at the server's signing time, with its evidence and photo hashes as signed", () => {
    // Worked on 8 March (typed), made on the device at 08:59 on the 9th, reached the server at 12:00; the event was written just after.
    const typed = '2026-03-08T09:00:00.000Z';
    const evidence = {
      sitePostcode: 'M1 1AA',
      appliance: { kind: 'boiler' as const, make: null, model: null },
      workDone: 'Serviced the boiler and checked the flue',
      durationMinutes: 60,
      photos: [{ photoId: 'ph-a', sha256: createHash('sha256').update('a').digest('hex'), dhash: '0f0f0f0f0f0f0f0f' }],
    };
    const times = { signedAt: '2026-03-09T12:00:00.000Z', capturedAt: '2026-03-09T08:59:00.000Z' };
    const signed = ev(
      'JobCardSigned',
      '2026-03-09T12:00:00.250Z',
      {
        jobId: 'j1',
        studentId: 's1',
        mentorId: 'm1',
        signature: signature('D C 3', typed),
        completedAt: typed,
        completedCount: 3,
        evidence,
        ...times,
        hashVersion: 2,
        contentHash: evidencedContentHash({ ...content(3, typed, 'D C 3'), evidence, ...times }),
      },
      'm1',
    );
    const events = [...student.slice(0, 6), signed];
    const cards = (asOf: string) => jobsAsOf(events, Date.parse(asOf)).get('j1')!.signatures;
    expect(cards('2026-03-09T11:59:59.999Z')).toHaveLength(2);
    const [, , third] = cards('2026-03-09T12:00:00.100Z');
    expect(third).toMatchObject({
      signed_at: times.signedAt,
      captured_at: times.capturedAt,
      hash_version: 2,
      content_hash_matches: true,
      evidence: {
        site_postcode: 'M1 1AA',
        appliance: { kind: 'boiler', make: null, model: null },
        work_done: evidence.workDone,
        duration_minutes: 60,
        photos: [{ photo_id: 'ph-a', sha256: evidence.photos[0].sha256, dhash: '0f0f0f0f0f0f0f0f' }],
      },
    });
    // Cards signed before evidence have none, under scheme 1.
    expect(cards('2026-03-09T12:00:00.100Z')[0]).toMatchObject({ evidence: null, hash_version: 1 });
    // Another image under the photo's id after signing: the recorded hash no longer matches.
    const swapped = {
      ...signed,
      data: {
        ...(signed.data as object),
        evidence: { ...evidence, photos: [{ ...evidence.photos[0], sha256: 'b'.repeat(64) }] },
      },
    };
    const [, , altered] = jobsAsOf([...events.slice(0, -1), swapped], Date.parse('2026-03-10T00:00:00Z')).get(
      'j1',
    )!.signatures;
    expect(altered.content_hash_matches).toBe(false);
  });

  it('folds who an account was at an instant', () => {
    const mentor = [
      ev(
        'AccountSignedUp',
        '2026-01-01T00:00:00.000Z',
        {
          accountId: 'm1',
          role: 'mentor',
          firstName: 'Dave',
          lastName: 'Clark',
          email: 'd@x.co',
          centreName: null,
          passwordHash: 'h',
        },
        null,
        'account-m1',
      ),
      ev(
        'MentorProfileSaved',
        '2026-01-02T00:00:00.000Z',
        { accountId: 'm1', profile: { Gas_Safe_Registration_Number: '111' }, termsAgreedAt: 't' },
        'm1',
        'account-m1',
      ),
      ev(
        'ProfileChanged',
        '2026-02-01T00:00:00.000Z',
        { accountId: 'm1', changes: { Last_Name: 'Clarke', Email: 'dave@x.co' } },
        'm1',
        'account-m1',
      ),
      ev('AccountLocked', '2026-02-02T00:00:00.000Z', { accountId: 'm1', reason: 'why' }, 'admin-1', 'account-m1'),
    ];
    expect(personAsOf(mentor, Date.parse('2025-12-31T00:00:00Z'))).toBeNull();
    expect(personAsOf(mentor, Date.parse('2026-01-15T00:00:00Z'))).toMatchObject({
      name: 'Dave Clark',
      email: 'd@x.co',
      gasSafeNumber: '111',
      locked: false,
    });
    expect(personAsOf(mentor, Date.parse('2026-03-01T00:00:00Z'))).toMatchObject({
      name: 'Dave Clarke',
      email: 'dave@x.co',
      locked: true,
    });
  });

  it("builds a timeline up to the instant: registration and placements, with actor and reason; a centre sees its students' placements", () => {
    const line = timelineAsOf('s1', student, [], Date.parse('2026-03-01T10:30:00Z'));
    expect(line.map((e) => [e.action, e.actor_id, e.reason])).toEqual([
      ['registered', 'c1', null],
      ['placement_proposed', 'admin-1', 'near'],
    ]);
    const centre = timelineAsOf('c1', [], [student], Date.parse('2026-04-01T00:00:00Z'));
    expect(centre.map((e) => e.action)).toEqual(['student_registered', 'placement_proposed', 'placement_accepted']);
    const mentor = timelineAsOf('m1', [], [student], Date.parse('2026-04-01T00:00:00Z'));
    expect(mentor.map((e) => e.action)).toEqual(['placement_proposed', 'placement_accepted']);
  });

  it('reads as_of as an ISO date (end of that day) or date-time, and refuses anything else', () => {
    const now = new Date('2026-05-05T05:05:05Z');
    expect(parseAsOf(undefined, now)).toBe(now.getTime());
    expect(parseAsOf('2026-03-03', now)).toBe(Date.parse('2026-03-03T23:59:59.999Z'));
    expect(parseAsOf('2026-03-03T12:00:00+01:00', now)).toBe(Date.parse('2026-03-03T11:00:00Z'));
    for (const bad of ['2026-02-30', 'tomorrow', '2026-03-03T12:00', ['2026-03-03'], '1700000000'])
      expect(parseAsOf(bad, now)).toBeNull();
  });
});
