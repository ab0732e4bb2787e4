import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import { lazy, type ReactNode } from 'react';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Stack from '@mui/material/Stack';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { MessagesNavBadge } from '../features/chat/components/messages-nav-badge';

// Views and add-ons load on demand: one chunk each, fetched when first shown (see dashboard-shell.tsx).
const OverviewView = lazy(() =>
  import('../features/overview/components/overview-view').then((m) => ({ default: m.OverviewView })),
);
const JobDetailView = lazy(() =>
  import('../features/mentor/components/job-detail-view').then((m) => ({ default: m.JobDetailView })),
);
const MentorJobsView = lazy(() =>
  import('../features/mentor/components/mentor-jobs-view').then((m) => ({ default: m.MentorJobsView })),
);
const MentorOverviewView = lazy(() =>
  import('../features/mentor/components/mentor-overview').then((m) => ({ default: m.MentorOverviewView })),
);
const StudentJobsView = lazy(() =>
  import('../features/student/components/student-jobs-view').then((m) => ({ default: m.StudentJobsView })),
);
const StudentOverviewView = lazy(() =>
  import('../features/student/components/student-overview').then((m) => ({ default: m.StudentOverviewView })),
);
const YourMentor = lazy(() =>
  import('../features/student/components/your-mentor-card').then((m) => ({ default: m.YourMentor })),
);
const TrainingGoalsGate = lazy(() =>
  import('../features/student/components/training-goals-gate').then((m) => ({ default: m.TrainingGoalsGate })),
);
const ProfileSettingsView = lazy(() =>
  import('../features/profile/components/profile-settings-view').then((m) => ({ default: m.ProfileSettingsView })),
);
const EarningsView = lazy(() =>
  import('../features/payouts/components/earnings-view').then((m) => ({ default: m.EarningsView })),
);
const PayoutDetailsCard = lazy(() =>
  import('../features/payouts/components/payout-details-card').then((m) => ({ default: m.PayoutDetailsCard })),
);
const MentorGasSafeCard = lazy(() =>
  import('../features/mentor/components/mentor-gas-safe-card').then((m) => ({ default: m.MentorGasSafeCard })),
);
const CentreOverview = lazy(() =>
  import('../features/training-centre/components/centre-overview').then((m) => ({ default: m.CentreOverview })),
);
const RegisterStudentView = lazy(() =>
  import('../features/training-centre/components/register-student-view').then((m) => ({
    default: m.RegisterStudentView,
  })),
);
const StudentDetailView = lazy(() =>
  import('../features/training-centre/components/student-detail-view').then((m) => ({ default: m.StudentDetailView })),
);
const StudentsView = lazy(() =>
  import('../features/training-centre/components/students-view').then((m) => ({ default: m.StudentsView })),
);
const NotificationsBell = lazy(() =>
  import('../features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })),
);
const NotificationSettingsCard = lazy(() =>
  import('../features/notifications/components/notification-settings-card').then((m) => ({
    default: m.NotificationSettingsCard,
  })),
);
const SupportView = lazy(() =>
  import('../features/support/components/support-view').then((m) => ({ default: m.SupportView })),
);
const PlacementRequestsCard = lazy(() =>
  import('../features/placement-requests/components/placement-requests-card').then((m) => ({
    default: m.PlacementRequestsCard,
  })),
);
const CreateAnnouncementButton = lazy(() =>
  import('../features/notifications/components/create-announcement-button').then((m) => ({
    default: m.CreateAnnouncementButton,
  })),
);
const AssistantWidget = lazy(() =>
  import('../features/assistant/components/assistant-widget').then((m) => ({ default: m.AssistantWidget })),
);
const AssistantHeaderButton = lazy(() =>
  import('../features/assistant/components/assistant-widget').then((m) => ({ default: m.AssistantHeaderButton })),
);
const MessagesView = lazy(() =>
  import('../features/chat/components/messages-view').then((m) => ({ default: m.MessagesView })),
);
const ChatLiveSync = lazy(() =>
  import('../features/chat/components/chat-live-sync').then((m) => ({ default: m.ChatLiveSync })),
);
const RecentMessages = lazy(() =>
  import('../features/chat/components/recent-messages').then((m) => ({ default: m.RecentMessages })),
);

/**
 * The dashboard view registry (spec "Dashboard shell"). The shell (src/app/dashboard-shell.tsx)
 * shows, for the signed-in role, exactly the views registered here: "no dead buttons".
 *
 * To add a view: build it in src/features/<name>/components/..., then add a ViewDef to the
 * roles that get it, in the order of the spec's sidebar:
 *   student:         overview, jobs (Training Jobs), chat (Messages), profile, support
 *   mentor:          overview, jobs (Student Jobs), earnings, chat, profile, support
 *   training_centre: overview, students, register (Register Student), chat, profile, support,
 *                    plus a hidden student-detail view
 *
 * The view is selected by the URL: /dashboard?view=<key>[&id=<id>]. Inside a view use
 * `useDashboardParams()` / `useDashboardNavigate()` / `dashboardPath()` from src/lib/dashboard-nav.ts.
 */

import type { DashboardRole } from './dashboard-roles';
export { isDashboardRole, type DashboardRole } from './dashboard-roles';

export interface ViewDef {
  /** URL key: /dashboard?view=<key>. */
  key: string;
  /** Sidebar label. */
  label: string;
  /** Header title while the view is open. */
  title: string;
  /** Sidebar icon, e.g. <ChatOutlined />. */
  icon: ReactNode;
  element: ReactNode;
  /** Reachable by URL (detail views) but not listed in the sidebar. */
  hidden?: boolean;
  /** A detail view's list view: highlighted in the sidebar while the detail view is open. */
  parent?: string;
  /** Shown at the end of the sidebar entry (e.g. the unread total of Messages). */
  badge?: ReactNode;
}

/** Extra pieces of the shell (notifications bell in the header, Smart Assistant button...). */
export interface ShellAddon {
  key: string;
  /** Roles that get it; all dashboard roles when omitted. */
  roles?: DashboardRole[];
  element: ReactNode;
}

const overview: ViewDef = {
  key: 'overview',
  label: 'Overview',
  title: 'Overview',
  icon: <SpaceDashboardOutlined />,
  element: <OverviewView />,
};

// Student and mentor screens.
const studentViews: ViewDef[] = [
  { ...overview, element: <StudentOverviewView /> },
  {
    key: 'jobs',
    label: 'Training Jobs',
    title: 'Training Jobs',
    icon: <AssignmentOutlined />,
    element: <StudentJobsView />,
  },
];
const mentorViews: ViewDef[] = [
  // The mentor overview shows the pending placement requests card (features can't import each other).
  {
    ...overview,
    element: (
      <MentorOverviewView placementRequests={<PlacementRequestsCard />} announce={<CreateAnnouncementButton />} />
    ),
  },
  {
    key: 'jobs',
    label: 'Student Jobs',
    title: 'Student Jobs',
    icon: <WorkOutlineOutlined />,
    element: <MentorJobsView />,
  },
  {
    key: 'job-detail',
    label: 'Job Details',
    title: 'Job Details',
    icon: <WorkOutlineOutlined />,
    element: <JobDetailView />,
    hidden: true,
    parent: 'jobs',
  },
  // Earnings: this period, invoices and the ledger (docs/rules.md#mentor-payouts); notifications link here.
  {
    key: 'earnings',
    label: 'Earnings',
    title: 'Earnings',
    icon: <PaymentsOutlined />,
    element: <EarningsView />,
  },
];

// Training centre screens and the Profile Settings every role shares.
const centreViews: ViewDef[] = [
  {
    ...overview,
    element: (
      <CentreOverview
        announce={
          <CreateAnnouncementButton
            variant="contained"
            sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' } }}
          />
        }
      />
    ),
  },
  { key: 'students', label: 'Students', title: 'Students', icon: <GroupsOutlined />, element: <StudentsView /> },
  {
    key: 'register',
    label: 'Register Student',
    title: 'Register Student',
    icon: <PersonAddAlt1Outlined />,
    element: <RegisterStudentView />,
  },
  {
    key: 'student-detail',
    label: 'Student Details',
    title: 'Student Details',
    icon: <GroupsOutlined />,
    element: <StudentDetailView messages={(student) => <RecentMessages student={student} />} />,
    hidden: true,
    parent: 'students',
  },
];
const profile: ViewDef = {
  key: 'profile',
  label: 'Profile',
  title: 'Profile Settings',
  icon: <ManageAccountsOutlined />,
  element: (
    <Stack spacing={3}>
      <ProfileSettingsView />
      <NotificationSettingsCard />
    </Stack>
  ),
};
// Messages: contacts and the conversation (?view=chat&id=<contact id>), for every role.
const chat: ViewDef = {
  key: 'chat',
  label: 'Messages',
  title: 'Messages',
  icon: <ChatOutlined />,
  element: <MessagesView />,
  badge: <MessagesNavBadge />,
};
// Support Center: the ticket list; a ticket's detail is ?view=support&id=<ticket id>.
const support: ViewDef = {
  key: 'support',
  label: 'Support',
  title: 'Support Center',
  icon: <SupportAgentOutlined />,
  element: <SupportView />,
};

export const dashboardViews: Record<DashboardRole, ViewDef[]> = {
  student: [
    ...studentViews,
    chat,
    {
      ...profile,
      element: (
        <Stack spacing={3}>
          <ProfileSettingsView extra={<YourMentor />} />
          <NotificationSettingsCard />
        </Stack>
      ),
    },
    support,
  ],
  mentor: [
    ...mentorViews,
    chat,
    {
      ...profile,
      // The Gas Safe registration, categories and card photo are shown under Profile too, and the payout details.
      element: (
        <Stack spacing={3}>
          <ProfileSettingsView extra={<MentorGasSafeCard />} />
          <PayoutDetailsCard />
          <NotificationSettingsCard />
        </Stack>
      ),
    },
    support,
  ],
  training_centre: [...centreViews, chat, profile, support],
};

/** Rendered in the header, left of Sign Out (e.g. the notifications bell). */
export const headerAddons: ShellAddon[] = [
  { key: 'notifications', element: <NotificationsBell /> },
  // The Smart Assistant's button on a phone or tablet; it floats only on the desktop layout.
  { key: 'smart-assistant', element: <AssistantHeaderButton /> },
];

/** Rendered once inside the shell, outside the view (e.g. the floating Smart Assistant). */
export const floatingAddons: ShellAddon[] = [
  // 'Set Your Training Goals' opens itself on any student view while no requirements are set.
  { key: 'training-goals', roles: ['student'], element: <TrainingGoalsGate /> },
  { key: 'smart-assistant', element: <AssistantWidget /> },
  // Chat frames patch the caches and the unread totals poll while the socket is down, on every view.
  { key: 'chat-live', element: <ChatLiveSync /> },
];

export function addonsFor(addons: ShellAddon[], role: DashboardRole): ShellAddon[] {
  return addons.filter((a) => !a.roles || a.roles.includes(role));
}
