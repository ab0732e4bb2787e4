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
import { api, wholeLists } from '../../../lib/api';
import {
  loadedTags,
  loadMorePages,
  PAGE_SIZE,
  pageSearch,
  toPage,
  type LoadedPages,
  type Page,
} from '../../../lib/paging';

/**
 * Notifications and announcements (contracts/src/notifications.ts). The inbox pages newest first
 * (docs/rules.md#list-paging: 50 at a time, "Load more" for the next); its tabs ask the server (`unread=true`,
 * `type=announcement`). The WebSocket `changed` push for the `notifications` collection invalidates
 * the LIST tag, so the bell and every loaded page update live.
 * Spec §4: "local read state is updated even if the call fails": the mark-read calls patch the
 * cache first and do not undo it.
 */
export type InboxFilter = 'all' | 'unread' | 'announcements';

const FILTER_QUERY = {
  all: {},
  unread: { unread: 'true' },
  announcements: { type: 'announcement' },
} as const satisfies Record<InboxFilter, Record<string, string>>;

/** Marks notifications read in every loaded page of every inbox tab. */
const markInCache = (
  dispatch: (action: unknown) => unknown,
  state: Parameters<typeof notificationsApi.util.selectCachedArgsForQuery>[0],
  which: (n: Notification) => boolean,
) => {
  for (const arg of notificationsApi.util.selectCachedArgsForQuery(state, 'notifications'))
    dispatch(
      notificationsApi.util.updateQueryData('notifications', arg, (inbox: LoadedPages<Notification>) => {
        for (const page of inbox.pages)
          for (const item of page.items) if (which(item)) Object.assign(item, { read: true, is_read: true });
      }),
    );
};

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['notifications', 'notification_settings', 'students'] })
  .injectEndpoints({
    endpoints: (build) => ({
      notifications: build.infiniteQuery<Page<Notification>, { filter: InboxFilter; q?: string }, string | null>({
        infiniteQueryOptions: loadMorePages,
        query: ({ queryArg: { filter, q }, pageParam }) =>
          `/notifications${pageSearch({ limit: PAGE_SIZE, ...FILTER_QUERY[filter], q, cursor: pageParam })}`,
        transformResponse: (items: Notification[], meta) => toPage(items, meta),
        providesTags: (data) => loadedTags('notifications', data),
      }),
      /** The newest announcement (shown when one arrives while the app is open). */
      latestAnnouncement: build.query<Notification | null, void>({
        query: () => `/notifications${pageSearch({ limit: 1, ...FILTER_QUERY.announcements })}`,
        transformResponse: (items: Notification[]) => items[0] ?? null,
        keepUnusedDataFor: 0,
      }),
      unreadCount: build.query<z.infer<typeof unreadCountSchema>, void>({
        query: () => '/notifications/unread-count',
        providesTags: wholeLists('notifications'),
      }),
      markNotificationRead: build.mutation<z.infer<typeof markReadResultSchema>, Notification>({
        query: (n) =>
          n.announcement_id
            ? { url: `/announcements/${encodeURIComponent(n.announcement_id)}/read`, method: 'PATCH' }
            : { url: `/notifications/${encodeURIComponent(n.id)}/read`, method: 'PATCH' },
        onQueryStarted(n, { dispatch, getState }) {
          markInCache(dispatch, getState(), (x) => x.id === n.id);
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
        invalidatesTags: (result) => (result ? wholeLists('notifications') : []),
      }),
      markAllNotificationsRead: build.mutation<z.infer<typeof markAllReadResultSchema>, void>({
        query: () => ({ url: '/notifications/mark-all-read', method: 'PATCH' }),
        onQueryStarted(_arg, { dispatch, getState }) {
          markInCache(dispatch, getState(), () => true);
          dispatch(
            notificationsApi.util.updateQueryData('unreadCount', undefined, () => ({
              unread: 0,
              announcements_unread: 0,
            })),
          );
        },
        // Only on success: a failed call keeps the local read state (no refetch undoes it).
        invalidatesTags: (result) => (result ? wholeLists('notifications') : []),
      }),
      notificationSettings: build.query<NotificationSettings, void>({
        query: () => '/notification-settings',
        providesTags: wholeLists('notification_settings'),
      }),
      saveNotificationSettings: build.mutation<z.infer<typeof notificationSettingsResultSchema>, NotificationSettings>({
        query: (body) => ({ url: '/notification-settings', method: 'PUT', body }),
        invalidatesTags: wholeLists('notification_settings'),
      }),
      /** Recipients by name, 50 at a time ("Load more"), searched on the server (`q`): any one can be found. */
      announcementRecipients: build.infiniteQuery<
        Page<AnnouncementRecipient>,
        { role: 'training_centre' | 'mentor'; q?: string },
        string | null
      >({
        infiniteQueryOptions: loadMorePages,
        query: ({ queryArg: { role, q }, pageParam }) =>
          `${role === 'training_centre' ? '/my-students' : '/my-matches'}${pageSearch({ limit: PAGE_SIZE, sort: 'name', q, cursor: pageParam })}`,
        transformResponse: (items: AnnouncementRecipient[], meta) => toPage(items, meta),
        providesTags: (data) => loadedTags('students', data),
      }),
      createAnnouncement: build.mutation<z.infer<typeof announcementResultSchema>, AnnouncementRequest>({
        query: (body) => ({ url: '/announcements', method: 'POST', body }),
      }),
    }),
  });

export const {
  useNotificationsInfiniteQuery,
  useUnreadCountQuery,
  useLazyLatestAnnouncementQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useAnnouncementRecipientsInfiniteQuery,
  useCreateAnnouncementMutation,
} = notificationsApi;
