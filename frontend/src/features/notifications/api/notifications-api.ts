import type { z } from 'zod';
import type {
  AnnouncementRecipient,
  AnnouncementRequest,
  Notification,
  NotificationSettings,
  announcementResultSchema,
  markAllReadResultSchema,
  markReadResultSchema,
  notificationSettingsResultSchema,
  unreadCountSchema,
} from '@panda/contracts/notifications';
import { api, listTags } from '../../../lib/api';

/**
 * Notifications and announcements (contracts/src/notifications.ts). The inbox is one list
 * (newest first, up to 200); tabs filter it in place. The WebSocket `changed` push for the
 * `notifications` collection invalidates the LIST tag, so the bell and modal update live.
 * Spec §4: "local read state is updated even if the call fails": the mark-read calls patch the
 * cache first and do not undo it.
 */
export const INBOX_LIMIT = 200;

type Inbox = Notification[];

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['notifications', 'notification_settings', 'students'] })
  .injectEndpoints({
    endpoints: (build) => ({
      notifications: build.query<Inbox, void>({
        query: () => `/notifications?limit=${INBOX_LIMIT}`,
        providesTags: (items) => listTags('notifications', items),
      }),
      unreadCount: build.query<z.infer<typeof unreadCountSchema>, void>({
        query: () => '/notifications/unread-count',
        providesTags: [{ type: 'notifications', id: 'LIST' }],
      }),
      markNotificationRead: build.mutation<z.infer<typeof markReadResultSchema>, Notification>({
        query: (n) =>
          n.announcement_id
            ? { url: `/announcements/${encodeURIComponent(n.announcement_id)}/read`, method: 'PATCH' }
            : { url: `/notifications/${encodeURIComponent(n.id)}/read`, method: 'PATCH' },
        onQueryStarted(n, { dispatch }) {
          dispatch(
            notificationsApi.util.updateQueryData('notifications', undefined, (list) => {
              const item = list.find((x) => x.id === n.id);
              if (item) Object.assign(item, { read: true, is_read: true });
            }),
          );
          dispatch(
            notificationsApi.util.updateQueryData('unreadCount', undefined, (c) => {
              if (!n.read) {
                c.unread = Math.max(0, c.unread - 1);
                if (n.type === 'announcement') c.announcements_unread = Math.max(0, c.announcements_unread - 1);
              }
            }),
          );
        },
        // Only on success: a failed call keeps the local read state (no refetch undoes it).
        invalidatesTags: (result) => (result ? [{ type: 'notifications', id: 'LIST' }] : []),
      }),
      markAllNotificationsRead: build.mutation<z.infer<typeof markAllReadResultSchema>, void>({
        query: () => ({ url: '/notifications/mark-all-read', method: 'PATCH' }),
        onQueryStarted(_arg, { dispatch }) {
          dispatch(
            notificationsApi.util.updateQueryData('notifications', undefined, (list) =>
              list.forEach((x) => Object.assign(x, { read: true, is_read: true })),
            ),
          );
          dispatch(
            notificationsApi.util.updateQueryData('unreadCount', undefined, () => ({
              unread: 0,
              announcements_unread: 0,
            })),
          );
        },
        // Only on success: a failed call keeps the local read state (no refetch undoes it).
        invalidatesTags: (result) => (result ? [{ type: 'notifications', id: 'LIST' }] : []),
      }),
      notificationSettings: build.query<NotificationSettings, void>({
        query: () => '/notification-settings',
        providesTags: [{ type: 'notification_settings', id: 'LIST' }],
      }),
      saveNotificationSettings: build.mutation<z.infer<typeof notificationSettingsResultSchema>, NotificationSettings>({
        query: (body) => ({ url: '/notification-settings', method: 'PUT', body }),
        invalidatesTags: [{ type: 'notification_settings', id: 'LIST' }],
      }),
      announcementRecipients: build.query<AnnouncementRecipient[], 'training_centre' | 'mentor'>({
        // The largest page (ruling 24), by name: a mentor has at most a few students; a centre picks among its first 200.
        query: (role) => `${role === 'training_centre' ? '/my-students' : '/my-matches'}?limit=200&sort=name`,
        providesTags: (items) => listTags('students', items),
      }),
      createAnnouncement: build.mutation<z.infer<typeof announcementResultSchema>, AnnouncementRequest>({
        query: (body) => ({ url: '/announcements', method: 'POST', body }),
      }),
    }),
  });

export const {
  useNotificationsQuery,
  useUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useAnnouncementRecipientsQuery,
  useCreateAnnouncementMutation,
} = notificationsApi;
