import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import type { ReactNode } from 'react';
import { OverviewView } from '../features/overview/components/overview-view';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import { JobDetailView } from '../features/mentor/components/job-detail-view';
import { MentorJobsView } from '../features/mentor/components/mentor-jobs-view';
import { MentorOverviewView } from '../features/mentor/components/mentor-overview';
import { PlacementRequestsCard } from '../features/placement-requests/components/placement-requests-card';
import { StudentJobsView } from '../features/student/components/student-jobs-view';
import { StudentOverviewView } from '../features/student/components/student-overview';
import { YourMentor } from '../features/student/components/your-mentor-card';
import { TrainingGoalsGate } from '../features/student/components/training-goals-gate';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { ProfileSettingsView } from '../features/profile/components/profile-settings-view';
import { CentreOverview } from '../features/training-centre/components/centre-overview';
import { RegisterStudentView } from '../features/training-centre/components/register-student-view';
import { StudentDetailView } from '../features/training-centre/components/student-detail-view';
import { StudentsView } from '../features/training-centre/components/students-view';
import Stack from '@mui/material/Stack';
import { NotificationsBell } from '../features/notifications/components/notifications-bell';
import { CreateAnnouncementButton } from '../features/notifications/components/create-announcement-dialog';
import { NotificationSettingsCard } from '../features/notifications/components/notification-settings-card';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { SupportView } from '../features/support/components/support-view';
import { AssistantWidget } from '../features/assistant/components/assistant-widget';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import { ChatLiveSync } from '../features/chat/components/chat-live-sync';
import { MessagesView } from '../features/chat/components/messages-view';
import { MessagesNavBadge } from '../features/chat/components/messages-nav-badge';
import { RecentMessages } from '../features/chat/components/recent-messages';

/**
 * The dashboard view registry (spec "Dashboard shell"). The shell (src/app/dashboard-shell.tsx)
 * shows, for the signed-in role, exactly the views registered here: "no dead buttons".
 *
 * To add a view: build it in src/features/<name>/components/..., then add a ViewDef to the
 * roles that get it, in the order of the spec's sidebar:
 *   student:         overview, jobs (Training Jobs), chat (Messages), profile, support
 *   mentor:          overview, jobs (Student Jobs), chat, profile, support
 *   training_centre: overview, students, register (Register Student), chat, profile, support,
 *                    plus a hidden student-detail view
 *
 * The view is selected by the URL: /dashboard?view=<key>[&id=<id>]. Inside a view use
 * `useDashboardParams()` / `useDashboardNavigate()` / `dashboardPath()` from src/lib/dashboard-nav.ts.
 */

export type DashboardRole = 'student' | 'mentor' | 'training_centre';

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

// Student and mentor screens (issue 4).
const studentViews: ViewDef[] = [
  { ...overview, element: <StudentOverviewView /> },
  { key: 'jobs', label: 'Training Jobs', title: 'Training Jobs', icon: <AssignmentOutlined />, element: <StudentJobsView /> },
];
const mentorViews: ViewDef[] = [
  // The mentor overview shows the pending placement requests card (features can't import each other).
  { ...overview, element: <MentorOverviewView placementRequests={<PlacementRequestsCard />} announce={<CreateAnnouncementButton />} /> },
  { key: 'jobs', label: 'Student Jobs', title: 'Student Jobs', icon: <WorkOutlineOutlined />, element: <MentorJobsView /> },
  { key: 'job-detail', label: 'Job Details', title: 'Job Details', icon: <WorkOutlineOutlined />, element: <JobDetailView />, hidden: true, parent: 'jobs' },
];

// Training centre screens and the Profile Settings every role shares (issue 4).
const centreViews: ViewDef[] = [
  {
    ...overview,
    element: (
      <CentreOverview
        announce={<CreateAnnouncementButton variant="contained" sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' } }} />}
      />
    ),
  },
  { key: 'students', label: 'Students', title: 'Students', icon: <GroupsOutlined />, element: <StudentsView /> },
  { key: 'register', label: 'Register Student', title: 'Register Student', icon: <PersonAddAlt1Outlined />, element: <RegisterStudentView /> },
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
// Messages (issue 10): contacts and the conversation (?view=chat&id=<contact id>), for every role.
const chat: ViewDef = { key: 'chat', label: 'Messages', title: 'Messages', icon: <ChatOutlined />, element: <MessagesView />, badge: <MessagesNavBadge /> };
// Support Center (issue 11): the ticket list; a ticket's detail is ?view=support&id=<ticket id>.
const support: ViewDef = { key: 'support', label: 'Support', title: 'Support Center', icon: <SupportAgentOutlined />, element: <SupportView /> };

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
  mentor: [...mentorViews, chat, profile, support],
  training_centre: [...centreViews, chat, profile, support],
};

/** Rendered in the header, left of Sign Out (e.g. the notifications bell). */
export const headerAddons: ShellAddon[] = [{ key: 'notifications', element: <NotificationsBell /> }];

/** Rendered once inside the shell, outside the view (e.g. the floating Smart Assistant). */
export const floatingAddons: ShellAddon[] = [
  // 'Set Your Training Goals' opens itself on any student view while no requirements are set.
  { key: 'training-goals', roles: ['student'], element: <TrainingGoalsGate /> },
  { key: 'smart-assistant', element: <AssistantWidget /> },
  // Chat frames patch the caches and the unread totals poll while the socket is down, on every view.
  { key: 'chat-live', element: <ChatLiveSync /> },
];

export function isDashboardRole(role: unknown): role is DashboardRole {
  return typeof role === 'string' && Object.prototype.hasOwnProperty.call(dashboardViews, role);
}

export function addonsFor(addons: ShellAddon[], role: DashboardRole): ShellAddon[] {
  return addons.filter((a) => !a.roles || a.roles.includes(role));
}
