import { afterEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@panda/events/sqlite-event-store';
import { accountStream } from '@panda/events/catalogue/accounts';
import type { NewEvent } from '@panda/events/envelope';
import { LogIndex } from './log-index';

const stores: SqliteEventStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function log() {
  const store = new SqliteEventStore(':memory:');
  stores.push(store);
  let n = 0;
  const append = (stream: string, ...events: NewEvent[]) =>
    store.append(stream, events, 'any', {
      time: `2026-01-01T00:00:${String(++n).padStart(2, '0')}.000Z`,
      actorId: null,
      correlationId: `c${n}`,
      commandId: `k${n}`,
    });
  return { store, append };
}

const profile = {
  Business_Name: ' Clarke Gas ',
  Business_Postcode: 'M4 1AA',
  Business_Phone_Number: '0161',
  Business_Email: 'b@x.co',
  Gas_Safe_Registration_Number: '123456',
  VAT_Registered: false,
  Business_Type: 'Sole Trader',
  Qualified_Boilers: true,
  Qualified_Cookers: false,
  Qualified_Gas_Fires: false,
  Qualified_Gas_Meters: false,
  Qualified_LPG: false,
  Qualified_Commercial: false,
  Additional_Information: null,
  Referral_Source: null,
  Gas_Safe_Card_Photo: null,
};
const signedUp = (accountId: string, role: 'mentor' | 'training_centre' = 'mentor'): NewEvent => ({
  type: 'AccountSignedUp',
  data: {
    accountId,
    role,
    firstName: 'Dave',
    lastName: accountId,
    email: `${accountId}@x.co`,
    centreName: null,
    passwordHash: 'h',
  },
});
const proposed = (placementId: string, studentId: string, mentorId: string): NewEvent => ({
  type: 'PlacementProposed',
  data: { placementId, studentId, mentorId, centreId: null, notes: null, reasons: [] },
});

describe('log index (write-side routing and matching facts)', () => {
  it('finds the student stream of a placement or a job appended after it last read the log', async () => {
    const { store, append } = log();
    const index = new LogIndex(store, 2);
    expect(await index.placement('p1')).toBeNull();
    await append(accountStream('s1'), proposed('p1', 's1', 'm1'), {
      type: 'PlacementAccepted',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm1' },
    });
    await append(accountStream('s1'), {
      type: 'JobOpened',
      data: { jobId: 'j1', studentId: 's1', placementId: 'p1', mentorId: 'm1', jobType: 'Pipework', totalCount: 2 },
    });
    expect(await index.placement('p1')).toEqual({
      placementId: 'p1',
      studentId: 's1',
      mentorId: 'm1',
      status: 'active',
      declineReason: null,
    });
    expect(await index.studentOfJob('j1')).toBe('s1');
    expect(await index.studentOfJob('j2')).toBeNull();
  });

  it("keeps every mentor's eligibility, business profile and placement counts, and who declined a student", async () => {
    const { store, append } = log();
    await append(
      accountStream('m1'),
      signedUp('m1'),
      { type: 'AccountVetted', data: { accountId: 'm1', reason: null } },
      { type: 'MentorProfileSaved', data: { accountId: 'm1', profile, termsAgreedAt: 't' } },
    );
    await append(accountStream('m2'), signedUp('m2'), {
      type: 'AccountLocked',
      data: { accountId: 'm2', reason: null },
    });
    await append(accountStream('c1'), signedUp('c1', 'training_centre'));
    await append(accountStream('m1'), {
      type: 'ProfileChanged',
      data: { accountId: 'm1', changes: { First_Name: 'David' } },
    });
    await append(accountStream('s1'), proposed('p1', 's1', 'm2'), {
      type: 'PlacementDeclined',
      data: { placementId: 'p1', studentId: 's1', mentorId: 'm2', reason: 'Too far' },
    });
    await append(accountStream('s1'), proposed('p2', 's1', 'm1'));
    await append(accountStream('s2'), proposed('p3', 's2', 'm1'), {
      type: 'PlacementAccepted',
      data: { placementId: 'p3', studentId: 's2', mentorId: 'm1' },
    });
    const index = new LogIndex(store, 3);
    expect((await index.placementsOf('s1')).map((p) => [p.placementId, p.status, p.declineReason])).toEqual([
      ['p1', 'cancelled', 'Too far'],
      ['p2', 'pending', null],
    ]);
    const mentors = await index.mentorsForMatching(new Map([['m2', 'Too far']]));
    expect(mentors).toEqual([
      {
        id: 'm1',
        name: 'David m1',
        email: 'm1@x.co',
        locked: false,
        vetted: true,
        profileComplete: true,
        businessName: 'Clarke Gas',
        businessPostcode: 'M4 1AA',
        qualifications: {
          Qualified_Boilers: true,
          Qualified_Cookers: false,
          Qualified_Gas_Fires: false,
          Qualified_Gas_Meters: false,
          Qualified_LPG: false,
          Qualified_Commercial: false,
        },
        activeStudents: 1,
        pendingRequests: 1,
        declinedBefore: null,
      },
      {
        id: 'm2',
        name: 'Dave m2',
        email: 'm2@x.co',
        locked: true,
        vetted: false,
        profileComplete: false,
        businessName: null,
        businessPostcode: null,
        qualifications: {},
        activeStudents: 0,
        pendingRequests: 0,
        declinedBefore: 'Too far',
      },
    ]);
  });

  it("finds a sign-off's student stream (legacy ones by job and card) and a receiver's unread messages", async () => {
    const { store, append } = log();
    const index = new LogIndex(store, 2);
    const sig = { signature: 'DC', mentorName: 'Dave', date: '2026-01-01', time: '10:00', timestamp: 't' };
    const card = (n: number, signatureId?: string): NewEvent => ({
      type: 'JobCardSigned',
      data: {
        jobId: 'j1',
        studentId: 's1',
        mentorId: 'm1',
        signature: sig,
        completedAt: 't',
        completedCount: n,
        ...(signatureId ? { signatureId } : {}),
      },
    });
    await append(accountStream('s1'), card(1), card(2, 'sig-2'));
    expect(await index.studentOfSignOff('sig-2')).toBe('s1');
    expect(await index.studentOfSignOff('j1-card-1')).toBe('s1');
    expect(await index.studentOfSignOff('sig-3')).toBeNull();

    const sent = (messageId: string, senderId: string, receiverId: string): NewEvent => ({
      type: 'MessageSent',
      data: {
        messageId,
        senderId,
        receiverId,
        chatType: 'mentor_student',
        messageType: 'text',
        text: 'hi',
        image: null,
        imageFilename: null,
        receiverInConversation: false,
      },
    });
    await append('message-a', sent('a', 'm1', 's1'));
    await append('message-b', sent('b', 'm1', 's1'));
    await append('message-c', sent('c', 's1', 'm1'));
    await append('message-a', { type: 'MessageRead', data: { messageId: 'a', senderId: 'm1', receiverId: 's1' } });
    expect(await index.unreadMessages('s1', 'm1')).toEqual(['b']);
    expect(await index.unreadMessages('m1', 's1')).toEqual(['c']);
    expect(await index.unreadMessages('s1', 'c1')).toEqual([]);
  });

  it('lets other work run between its pages while it reads a long log (docs/rules.md#log-index)', async () => {
    const { store, append } = log();
    for (let i = 0; i < 10; i++) await append(accountStream(`m${i}`), signedUp(`m${i}`));
    const index = new LogIndex(store, 2);
    // Turns of the event loop taken while the index reads five full pages and a last, empty one.
    let turns = 0;
    let reading = true;
    const turn = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    await index.catchUp();
    reading = false;
    expect(turns).toBeGreaterThanOrEqual(5);
    expect((await index.mentorsForMatching(new Map())).length).toBe(10);
  });
});
