import type { NotificationDoc } from '../read-models/notifications';
import type { StudentDoc } from '../read-models/training';
import { givenTime } from './projection-spec';

/** Documents as the projections write them, for tests. */

/** Student s1 of centre c1 as the training projection writes them once registered (event 1), with `over` changed. */
export const studentDoc = (over: Partial<StudentDoc> = {}): StudentDoc => ({
  id: 's1',
  First_Name: 'Amy',
  Last_Name: 'Pond',
  Name: 'Amy Pond',
  Email: 'amy@x.co',
  Phone_Number: null,
  Postcode: null,
  Date_Of_Birth: null,
  centre_id: 'c1',
  Created_At: givenTime(1),
  requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
  additional_requirements: null,
  has_requirements: true,
  Matched: false,
  placement_status: null,
  placement_id: null,
  active_placement_id: null,
  pending_placement_id: null,
  mentor_id: null,
  Placed_At: null,
  jobs: [],
  cards_signed: 0,
  // The invitation's temporary password lasts 7 days from the registration.
  invite_expires_at: new Date(Date.parse(givenTime(1)) + 7 * 86_400_000).toISOString(),
  invite_accepted_at: null,
  _audience: ['s1', 'c1'],
  ...over,
});

/** Notification `id` of s1 at log position `seq` as the notifications projection writes it, with `over` changed. */
export const notificationDoc = (id: string, seq: number, over: Partial<NotificationDoc> = {}): NotificationDoc => ({
  id,
  recipient_id: 's1',
  seq,
  type: 'assignment',
  kind: 'placement_proposed',
  title: 'New placement',
  message: 'You have a placement request',
  link: '/mentor/requests',
  created_at: givenTime(seq),
  read: false,
  read_at: null,
  from_user: null,
  sender_id: null,
  message_id: null,
  announcement_id: null,
  priority: null,
  _audience: ['s1'],
  ...over,
});
