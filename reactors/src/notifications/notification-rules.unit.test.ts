import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@panda/events/envelope';
import { checkEvent } from '@panda/events/catalogue';
import { dayText, notificationsFor, type Facts } from './notification-rules';

/** Given an event and the facts the reactor loads, then these notifications for these recipients. */
const event = (type: string, data: Record<string, unknown>, position = 40, actorId = 'x'): RecordedEvent => {
  checkEvent(type, data);
  return {
    eventId: 'e',
    type,
    stream: 'account-s1',
    streamVersion: 3,
    position,
    time: '2026-01-05T10:30:00.000Z',
    actorId,
    correlationId: 'c',
    commandId: 'k',
    data,
  };
};
const facts = (over: Partial<Facts> = {}): Facts => ({
  names: { s1: 'Amy Pond', m1: 'Dave Clarke', c1: 'North Gas Training' },
  centreId: 'c1',
  jobType: 'Pipework',
  role: null,
  ...over,
});
const who = (e: RecordedEvent, f: Facts = facts()) =>
  notificationsFor(e, f).map((n) => [n.recipientId, n.draft.kind, n.draft.important]);
const req = (boilerInstalls: number, pipework: number) => ({ boilerInstalls, boilerService: 4, pipework, repair: 5 });
const signature = {
  signature: 'D Clarke',
  mentorName: 'Dave Clarke',
  date: '2026-01-05',
  time: '10:30',
  timestamp: '2026-01-05T10:30:00.000Z',
};

describe('the notifications reactor: event -> notifications', () => {
  it('placement proposed: the mentor, important (e-mailed), an assignment', () => {
    const [n] = notificationsFor(
      event('PlacementProposed', {
        placementId: 'p1',
        studentId: 's1',
        mentorId: 'm1',
        centreId: 'c1',
        notes: null,
        reasons: [],
      }),
      facts(),
    );
    expect(n).toMatchObject({
      recipientId: 'm1',
      draft: {
        notificationId: 'n40-0',
        sourcePosition: 40,
        type: 'assignment',
        kind: 'placement_proposed',
        important: true,
        link: '/dashboard?view=overview',
      },
    });
    expect(n.draft.message).toContain('Amy Pond');
  });

  it('accepted and declined: the student and the centre (an independent student has no centre)', () => {
    const accepted = event('PlacementAccepted', { placementId: 'p1', studentId: 's1', mentorId: 'm1' });
    expect(who(accepted)).toEqual([
      ['s1', 'placement_accepted', false],
      ['c1', 'placement_accepted', false],
    ]);
    expect(who(accepted, facts({ centreId: null }))).toEqual([['s1', 'placement_accepted', false]]);
    const declined = notificationsFor(
      event('PlacementDeclined', { placementId: 'p1', studentId: 's1', mentorId: 'm1', reason: 'Fully booked' }),
      facts(),
    );
    expect(declined.map((n) => n.recipientId)).toEqual(['s1', 'c1']);
    expect(declined[1].draft.message).toContain('Fully booked');
    expect(declined[1].draft.link).toBe('/dashboard?view=student-detail&id=s1');
  });

  it('ended: student, mentor and centre', () => {
    expect(
      who(
        event('PlacementEnded', {
          placementId: 'p1',
          studentId: 's1',
          mentorId: 'm1',
          status: 'completed',
          notes: null,
        }),
      ),
    ).toEqual([
      ['s1', 'placement_ended', false],
      ['m1', 'placement_ended', false],
      ['c1', 'placement_ended', false],
    ]);
  });

  it('job card signed: student and centre; the mentor who signed is not told of his own signature', () => {
    const made = notificationsFor(
      event(
        'JobCardSigned',
        {
          jobId: 'j1',
          studentId: 's1',
          mentorId: 'm1',
          signature,
          completedAt: signature.timestamp,
          completedCount: 3,
        },
        40,
        'm1',
      ),
      facts(),
    );
    expect(made.map((n) => [n.recipientId, n.draft.kind, n.draft.important])).toEqual([
      ['s1', 'job_card_signed', false],
      ['c1', 'job_card_signed', false],
    ]);
    expect(made[0].draft.message).toBe(
      'Please confirm or dispute card 3 of your Pipework cards, signed by Dave Clarke.',
    );
    // The student's notification opens the card with its Confirm / Dispute actions (docs/rules.md#trainee-countersign).
    expect(made[0].draft.link).toBe('/dashboard?view=jobs&signature=j1-card-3');
    expect(new Set(made.map((n) => n.draft.notificationId)).size).toBe(2);
  });

  it('nobody is notified of their own action, whatever the type', () => {
    const ended = { placementId: 'p1', studentId: 's1', mentorId: 'm1', status: 'cancelled', notes: null };
    // The mentor ended the placement: the student and the centre hear of it, the mentor does not.
    expect(who(event('PlacementEnded', ended, 40, 'm1'))).toEqual([
      ['s1', 'placement_ended', false],
      ['c1', 'placement_ended', false],
    ]);
    expect(who(event('PlacementEnded', ended, 40, 'c1')).map(([id]) => id)).toEqual(['s1', 'm1']);
    // The centre changed its student's requirements: the mentor hears of it, the centre does not.
    const placedWith = { placementId: 'p1', mentorId: 'm1', previousRequirements: req(10, 8) };
    const set = { studentId: 's1', requirements: req(12, 8), additionalRequirements: null, placedWith };
    expect(who(event('RequirementsSet', set, 40, 'c1')).map(([id]) => id)).toEqual(['m1']);
    // An admin who vets their own account (or an account acting on itself) is not told either.
    expect(who(event('AccountVetted', { accountId: 'c1', reason: null }, 40, 'c1'))).toEqual([]);
  });

  it('requirements changed while placed: mentor and centre, naming what changed; nothing when not placed or unchanged', () => {
    const placedWith = { placementId: 'p1', mentorId: 'm1', previousRequirements: req(10, 8) };
    const changed = notificationsFor(
      event('RequirementsSet', { studentId: 's1', requirements: req(12, 8), additionalRequirements: null, placedWith }),
      facts(),
    );
    expect(changed.map((n) => [n.recipientId, n.draft.kind])).toEqual([
      ['m1', 'requirements_changed'],
      ['c1', 'requirements_changed'],
    ]);
    expect(changed[0].draft.message).toBe('Amy Pond changed their training requirements: Boiler Installs 10 → 12.');
    expect(
      who(event('RequirementsSet', { studentId: 's1', requirements: req(12, 8), additionalRequirements: null })),
    ).toEqual([]);
    expect(
      who(
        event('RequirementsSet', {
          studentId: 's1',
          requirements: req(10, 8),
          additionalRequirements: 'LPG',
          placedWith,
        }),
      ),
    ).toEqual([]);
  });

  it('vetted and unvetted: that account, worded for its role', () => {
    const vetted = notificationsFor(
      event('AccountVetted', { accountId: 'c1', reason: null }),
      facts({ role: 'training_centre' }),
    );
    expect(vetted).toHaveLength(1);
    expect(vetted[0]).toMatchObject({ recipientId: 'c1', draft: { type: 'success', kind: 'account_vetted' } });
    expect(vetted[0].draft.message).toContain('register students');
    const unvetted = notificationsFor(
      event('AccountUnvetted', { accountId: 'm1', reason: 'Gas Safe card expired' }),
      facts({ role: 'mentor' }),
    );
    expect(unvetted[0]).toMatchObject({ recipientId: 'm1', draft: { type: 'warning', kind: 'account_unvetted' } });
    expect(unvetted[0].draft.message).toContain('Gas Safe card expired');
  });

  it('announcement published: one announcement per recipient with its priority and sender', () => {
    const made = notificationsFor(
      event('AnnouncementPublished', {
        announcementId: 'a1',
        senderId: 'c1',
        senderRole: 'training_centre',
        senderName: 'North Gas Training',
        title: 'Exams',
        message: 'Friday',
        priority: 'high',
        recipientIds: ['s1', 's2'],
      }),
      facts(),
    );
    expect(made.map((n) => n.recipientId)).toEqual(['s1', 's2']);
    expect(made[1].draft).toMatchObject({
      notificationId: 'n40-1',
      type: 'announcement',
      title: 'Exams',
      message: 'Friday',
      priority: 'high',
      announcementId: 'a1',
      senderId: 'c1',
      fromUser: 'North Gas Training',
      important: false,
    });
  });

  it('makes nothing from events no rule handles', () => {
    expect(who(event('AccountLocked', { accountId: 'm1', reason: null }))).toEqual([]);
  });
});

describe('dates in notification texts', () => {
  it('reads a calendar day as the screens do (docs/rules.md#one-unit-one-name)', () => {
    expect(dayText('2026-11-09')).toBe('9 Nov 2026');
    expect(dayText('2027-09-30')).toBe('30 Sep 2027');
  });
});
