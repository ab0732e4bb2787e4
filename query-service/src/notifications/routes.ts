import { Router, type Request } from 'express';
import { notificationsQuerySchema } from '@panda/contracts/notifications';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import {
  type NotificationDoc,
  notificationSettings,
  notifications,
} from '@panda/projections/read-models/notifications';
import type { ReadStore } from '@panda/projections/read-store';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import type { Notification } from '@panda/contracts/notifications';

/** Newest first (`seq` orders a recipient's notifications); `?q=` searches title and message. */
const NOTIFICATION_LIST: ListSpec = {
  sorts: { created: 'seq' },
  defaultSort: '-created',
  search: ['title', 'message'],
};

/** A notification as the API answers it. */
export const notificationView = (d: NotificationDoc): Notification => ({
  ...pick(d, ['id', 'type']),
  kind: d.kind as Notification['kind'],
  ...pick(d, ['title', 'message', 'created_at', 'read']),
  is_read: d.read,
  ...pick(d, ['link', 'from_user', 'sender_id', 'message_id', 'announcement_id', 'priority']),
});

/** The real unread count of the dashboard overview (spec §3 "Dashboard overview: notifications"). */
export const unreadNotifications = (rs: ReadStore, accountId: string) =>
  rs.count(notifications, { recipient_id: accountId, read: false });

/** docs/api-conventions.md, "Notifications and announcements" */
export function notificationQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  r.get('/api/notifications', auth, async (req: Request, res) => {
    const { id } = authOf(req);
    const q = validate(notificationsQuerySchema, req.query);
    const filter: Record<string, unknown> = { recipient_id: id };
    if (q.unread === 'true') filter.read = false;
    if (q.unread === 'false') filter.read = true;
    if (q.type) filter.type = q.type;
    const page = await findPage(rs, notifications, filter, parsePaging(req.query, NOTIFICATION_LIST));
    setPageHeaders(req, res, page);
    res.json(page.items.map(notificationView));
  });

  r.get('/api/notifications/unread-count', auth, async (req, res) => {
    const { id } = authOf(req);
    const [unread, announcements] = await Promise.all([
      unreadNotifications(rs, id),
      rs.count(notifications, { recipient_id: id, read: false, type: 'announcement' }),
    ]);
    res.json({ unread, announcements_unread: announcements });
  });

  r.get('/api/notification-settings', auth, async (req, res) => {
    const doc = await rs.get(notificationSettings, authOf(req).id);
    res.json({ email_important: doc?.email_important ?? true });
  });

  return r;
}
