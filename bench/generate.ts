/**
 * Realistic event streams for the benches, in the shapes the commands record: a student registered
 * by a centre, who chose a password, was placed with a mentor and has job cards signed on four jobs.
 * Appended straight to the store (no HTTP), so generation is not what is measured.
 */
import type { EventStore } from '@panda/events/event-store';
import type { NewEvent } from '@panda/events/envelope';
import { JOB_TYPES } from '@panda/events/catalogue/training';

const signatureAt = (i: number) => {
  const at = new Date(Date.UTC(2026, 0, 5) + i * 60_000).toISOString();
  return { signature: 'B M', mentorName: 'Bench Mentor', date: at.slice(0, 10), time: at.slice(11, 16), timestamp: at };
};

/** The first `count` events of student `s`'s stream (at least the 8 that register, place and open jobs). */
export function studentEvents(s: number, count: number, mentors = 100, centres = 10): NewEvent[] {
  const studentId = `student${s}`;
  const mentorId = `mentor${s % mentors}`;
  const centreId = `centre${s % centres}`;
  const placementId = `placement${s}`;
  const cards = Math.max(0, count - 4 - JOB_TYPES.length);
  const perJob = Math.ceil(cards / JOB_TYPES.length) + 2;
  const events: NewEvent[] = [
    {
      type: 'StudentRegistered',
      data: {
        accountId: studentId,
        centreId,
        firstName: 'Student',
        lastName: `${s}`,
        email: `${studentId}@bench.panda`,
        phone: '07700900000',
        postcode: 'M1 1AA',
        dateOfBirth: null,
        requirements: { boilerInstalls: perJob, boilerService: perJob, pipework: perJob, repair: perJob },
        temporaryPasswordHash: 'x',
      },
    },
    { type: 'PasswordChanged', data: { accountId: studentId, passwordHash: 'x' } },
    { type: 'PlacementProposed', data: { placementId, studentId, mentorId, centreId, notes: null, reasons: [] } },
    { type: 'PlacementAccepted', data: { placementId, studentId, mentorId } },
  ];
  JOB_TYPES.forEach((jobType, j) =>
    events.push({
      type: 'JobOpened',
      data: { jobId: `job${s}-${j}`, studentId, placementId, mentorId, jobType, totalCount: perJob },
    }),
  );
  for (let k = 0; k < cards; k++) {
    const j = k % JOB_TYPES.length;
    const signature = signatureAt(k);
    events.push({
      type: 'JobCardSigned',
      data: {
        jobId: `job${s}-${j}`,
        studentId,
        mentorId,
        signature,
        completedAt: signature.timestamp,
        completedCount: Math.floor(k / JOB_TYPES.length) + 1,
      },
    });
  }
  return events.slice(0, Math.max(count, 1));
}

let commands = 0;
export const benchMeta = (actorId: string | null = null) => ({
  time: new Date().toISOString(),
  actorId,
  correlationId: `bench-c${++commands}`,
  commandId: `bench-k${commands}`,
});

/** Appends student `s`'s stream of `count` events, in appends of at most `chunk` events (one command each). */
export async function appendStudent(store: EventStore, s: number, count: number, chunk = 100): Promise<void> {
  const events = studentEvents(s, count);
  for (let i = 0; i < events.length; i += chunk) {
    await store.append(`account-student${s}`, events.slice(i, i + chunk), i === 0 ? 'no_stream' : i - 1, benchMeta());
  }
}

/** The centres and mentors the students refer to. */
export async function appendStaff(store: EventStore, mentors = 100, centres = 10): Promise<void> {
  const signUp = (id: string, role: 'mentor' | 'training_centre') =>
    store.append(
      `account-${id}`,
      [
        {
          type: 'AccountSignedUp',
          data: {
            accountId: id,
            role,
            firstName: 'Bench',
            lastName: id,
            email: `${id}@bench.panda`,
            centreName: role === 'training_centre' ? `Centre ${id}` : null,
            passwordHash: 'x',
          },
        },
      ],
      'no_stream',
      benchMeta(),
    );
  for (let c = 0; c < centres; c++) await signUp(`centre${c}`, 'training_centre');
  for (let m = 0; m < mentors; m++) await signUp(`mentor${m}`, 'mentor');
}
