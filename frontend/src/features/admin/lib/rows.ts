import type { AdminCentre, AdminMentor, AdminStudent } from '@panda/contracts/admin';
import type { UserRow } from '../components/users-table';
import { itemName, shortDate } from './format';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function studentPlacementText(s: AdminStudent): string {
  if (s.Matched) return s.mentor_name ? `Matched with ${s.mentor_name}` : 'Matched';
  if (s.pending_placement_id) return 'Pending: awaiting mentor acceptance';
  return 'Pending: unplaced';
}

/** A student of the admin list as a row: centre or Independent, and where their placement stands. */
export const studentRow = (s: AdminStudent): UserRow => ({
  id: s.id,
  name: itemName(s, 'student'),
  email: s.Email,
  created: shortDate(s.Created_At),
  locked: s.account_locked,
  caption: [
    s.account_type === 'Independent' ? 'Independent' : (s.training_centre_name ?? 'Training Centre'),
    studentPlacementText(s),
  ].join(' · '),
  canMatch: !s.Matched && !s.pending_placement_id && !s.account_locked,
});

/** A mentor as a row: business or profile state, active students, pending requests. */
export const mentorRow = (m: AdminMentor): UserRow => ({
  id: m.id,
  name: itemName(m, 'mentor'),
  email: m.Email,
  created: shortDate(m.Created_At),
  locked: m.account_locked,
  vetted: m.vetted,
  caption: [
    m.profile_complete ? (m.Business_Name ?? 'Profile complete') : 'Profile incomplete',
    m.student_count ? plural(m.student_count, 'active student') : 'No active students',
    ...(m.pending_requests ? [plural(m.pending_requests, 'pending request')] : []),
  ].join(' · '),
});

/** A training centre as a row: its contact and how many students it has. */
export const centreRow = (c: AdminCentre): UserRow => ({
  id: c.id,
  name: itemName(c, 'training_centre'),
  email: c.Email,
  created: shortDate(c.Created_At),
  locked: c.account_locked,
  vetted: c.vetted,
  caption: [`${c.First_Name} ${c.Last_Name}`.trim(), plural(c.student_count, 'student')].filter(Boolean).join(' · '),
});
