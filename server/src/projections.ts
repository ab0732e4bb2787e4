import type { Projection } from '@panda/projections/projection';
import { accountsProjection } from '@panda/projections/read-models/accounts';
import { placementsProjection } from '@panda/projections/read-models/placements';
import { accountHistoryProjection } from '@panda/projections/read-models/account-history';
import { trainingProjection } from '@panda/projections/read-models/training';
import { mentorProfilesProjection } from '@panda/projections/read-models/mentor-profiles';
import { notificationsProjection } from '@panda/projections/read-models/notifications';
import { auditAccessProjection } from '@panda/projections/read-models/audit-access';
import { supportTicketsProjection } from '@panda/projections/read-models/support-tickets';
import { signOffsProjection } from '@panda/projections/read-models/sign-offs';
import { reminderTimersProjection } from '@panda/projections/read-models/reminder-timers';
import { chatProjection } from '@panda/projections/read-models/chat';
import { adminStudentRowsProjection } from '@panda/projections/read-models/admin-student-rows';
import { adminMentorRowsProjection } from '@panda/projections/read-models/admin-mentor-rows';
import { auditorsProjection } from '@panda/projections/read-models/auditors';
import { jobPhotosProjection } from '@panda/projections/read-models/job-photos';
import { criteriaProjection } from '@panda/projections/read-models/criteria';
import { caseloadProjection } from '@panda/projections/read-models/caseload';
import { payoutsProjection } from '@panda/projections/read-models/payouts';

/** Every read model of the product. A capability adds its projections here. */
export const allProjections: Projection[] = [
  accountsProjection,
  placementsProjection,
  accountHistoryProjection,
  trainingProjection,
  mentorProfilesProjection,
  auditAccessProjection,
  notificationsProjection,
  supportTicketsProjection,
  chatProjection,
  signOffsProjection,
  reminderTimersProjection,
  adminStudentRowsProjection,
  adminMentorRowsProjection,
  auditorsProjection,
  jobPhotosProjection,
  criteriaProjection,
  caseloadProjection,
  payoutsProjection,
];
