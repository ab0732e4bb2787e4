/**
 * Test support: events built as the catalogue defines them, for given/when/then tests. Each builder
 * is typed by the event's schema (a wrong or missing field does not compile) and checks its data
 * with `checkEvent` (a value the schema refuses throws), so a fixture is always an event the store
 * would accept. Defaults describe one small world: student s1 of centre c1, mentor m1, placement p1.
 */
import { checkEvent } from '../catalogue';
import type { EventsOf } from '../define';
import { accountEvents, type JobRequirements } from '../catalogue/accounts';
import { adminEvents } from '../catalogue/admin';
import { auditEvents } from '../catalogue/audit';
import { chatEvents } from '../catalogue/chat';
import { criteriaEvents } from '../catalogue/criteria';
import { notificationEvents } from '../catalogue/notifications';
import { profileEvents, type MentorProfile } from '../catalogue/profiles';
import { reminderEvents } from '../catalogue/reminders';
import { supportEvents } from '../catalogue/support';
import { trainingEvents } from '../catalogue/training';

/** Every catalogued event as `{ type, data }`. */
export type CatalogueEvent =
  | EventsOf<typeof accountEvents>
  | EventsOf<typeof trainingEvents>
  | EventsOf<typeof adminEvents>
  | EventsOf<typeof profileEvents>
  | EventsOf<typeof auditEvents>
  | EventsOf<typeof notificationEvents>
  | EventsOf<typeof supportEvents>
  | EventsOf<typeof chatEvents>
  | EventsOf<typeof reminderEvents>
  | EventsOf<typeof criteriaEvents>;
export type EventType = CatalogueEvent['type'];
export type EventData<T extends EventType> = Extract<CatalogueEvent, { type: T }>['data'];

/** One event of `type`; throws when the catalogue's schema refuses `data`. */
export function event<T extends EventType>(type: T, data: EventData<T>): { type: T; data: EventData<T> } {
  checkEvent(type, data);
  return { type, data };
}

export const requirements = (
  boilerInstalls: number,
  boilerService: number,
  pipework: number,
  repair: number,
): JobRequirements => ({ boilerInstalls, boilerService, pipework, repair });

/** A mentor (or, with `role: 'training_centre'` and a `centreName`, a centre) signed up. */
export const accountSignedUp = (over: Partial<EventData<'AccountSignedUp'>> = {}) =>
  event('AccountSignedUp', {
    accountId: 'm1',
    role: 'mentor',
    firstName: 'Dave',
    lastName: 'Clarke',
    email: 'dave@x.co',
    centreName: null,
    passwordHash: 'h',
    ...over,
  });

/** Training centre c1, "North College", signed up. */
export const centreSignedUp = (over: Partial<EventData<'AccountSignedUp'>> = {}) =>
  accountSignedUp({
    accountId: 'c1',
    role: 'training_centre',
    firstName: 'Cara',
    lastName: 'Hall',
    email: 'centre@x.co',
    centreName: 'North College',
    ...over,
  });

export const studentRegistered = (over: Partial<EventData<'StudentRegistered'>> = {}) =>
  event('StudentRegistered', {
    accountId: 's1',
    centreId: 'c1',
    firstName: 'Amy',
    lastName: 'Pond',
    email: 'amy@x.co',
    phone: null,
    postcode: null,
    dateOfBirth: null,
    requirements: requirements(10, 4, 8, 5),
    temporaryPasswordHash: 't',
    ...over,
  });

export const placementProposed = (over: Partial<EventData<'PlacementProposed'>> = {}) =>
  event('PlacementProposed', {
    placementId: 'p1',
    studentId: 's1',
    mentorId: 'm1',
    centreId: 'c1',
    notes: null,
    reasons: [],
    ...over,
  });

export const placementAccepted = (over: Partial<EventData<'PlacementAccepted'>> = {}) =>
  event('PlacementAccepted', { placementId: 'p1', studentId: 's1', mentorId: 'm1', ...over });

export const placementEnded = (over: Partial<EventData<'PlacementEnded'>> = {}) =>
  event('PlacementEnded', {
    placementId: 'p1',
    studentId: 's1',
    mentorId: 'm1',
    status: 'completed',
    notes: null,
    ...over,
  });

export const jobOpened = (over: Partial<EventData<'JobOpened'>> = {}) =>
  event('JobOpened', {
    jobId: 'j1',
    studentId: 's1',
    placementId: 'p1',
    mentorId: 'm1',
    jobType: 'Boiler Installs',
    totalCount: 10,
    ...over,
  });

/** Mentor m1's complete business profile (override single fields with `mentorProfileSaved({ profile: … })`). */
export const mentorProfile = (over: Partial<MentorProfile> = {}): MentorProfile => ({
  Business_Name: 'Clarke Gas',
  Business_Postcode: 'M4 1AA',
  Business_Phone_Number: '0161',
  Business_Email: 'biz@x.co',
  Gas_Safe_Registration_Number: '123456',
  VAT_Registered: false,
  Business_Type: 'Sole Trader',
  Qualified_Boilers: true,
  Qualified_Cookers: false,
  Qualified_Gas_Fires: false,
  Qualified_Gas_Meters: false,
  Qualified_LPG: true,
  Qualified_Commercial: false,
  Additional_Information: null,
  Referral_Source: null,
  Gas_Safe_Card_Photo: null,
  ...over,
});

export const mentorProfileSaved = (over: Partial<EventData<'MentorProfileSaved'>> = {}) =>
  event('MentorProfileSaved', {
    accountId: 'm1',
    profile: mentorProfile(),
    termsAgreedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

/** Card 1 of job j1 signed by m1, with its sign-off id (docs/rules.md#trainee-countersign). */
export const jobCardSigned = (over: Partial<EventData<'JobCardSigned'>> = {}) =>
  event('JobCardSigned', {
    jobId: 'j1',
    studentId: 's1',
    mentorId: 'm1',
    signature: {
      signature: 'Dave Clarke',
      mentorName: 'Dave Clarke',
      date: '2026-01-02',
      time: '09:00',
      timestamp: '2026-01-02T09:00:00.000Z',
    },
    completedAt: '2026-01-02T09:00:00.000Z',
    completedCount: 1,
    signatureId: 'sig1',
    ...over,
  });

/** A text message from student s1 to mentor m1. */
export const messageSent = (over: Partial<EventData<'MessageSent'>> = {}) =>
  event('MessageSent', {
    messageId: 'msg1',
    senderId: 's1',
    receiverId: 'm1',
    chatType: 'mentor_student',
    messageType: 'text',
    text: 'Hello',
    image: null,
    imageFilename: null,
    receiverInConversation: false,
    ...over,
  });

/** Notification `n1` of student s1: a placement proposed. */
export const notificationCreated = (over: Partial<EventData<'NotificationCreated'>> = {}) =>
  event('NotificationCreated', {
    notificationId: 'n1',
    recipientId: 's1',
    type: 'assignment',
    kind: 'placement_proposed',
    title: 'New placement',
    message: 'You have a placement request',
    link: '/mentor/requests',
    sourcePosition: 1,
    senderId: null,
    fromUser: null,
    announcementId: null,
    priority: null,
    email: true,
    ...over,
  });
