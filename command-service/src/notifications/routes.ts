import { Router } from 'express';
import { announcementStream, notificationsStream } from '@panda/events/catalogue/notifications';
import {
  announcementRequestSchema,
  ANNOUNCEMENT_TEXTS,
  notificationSettingsSchema,
} from '@panda/contracts/notifications';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { accountStream } from '@panda/events/catalogue/accounts';
import { handle, load } from '../shared/decider';
import { trainingDecider } from '../training/decider';
import { activePlacement } from '../training/state';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { loadAccount, publicUser } from '../accounts/service';
import { announcementDecider, inboxDecider, type InboxCommand } from './decider';

/**
 * Notifications and announcements (docs/rules.md#notifications-from-events, docs/rules.md#announcement-recipients; contracts/src/notifications.ts):
 * - PATCH /api/notifications/mark-all-read        -> {marked, position}
 * - PATCH /api/notifications/:id/read             -> {id, read: true, position}; someone else's id is 404
 * - PATCH /api/announcements/:id/read             -> {id, read: true, position} (the caller's copy)
 * - PUT   /api/notification-settings {email_important} -> {email_important, position}
 * - POST  /api/announcements {title, message, priority, recipient_ids} -> 201 {id, recipients, message, position}
 *   (training centres to their students, mentors to the students placed with them; any other
 *   recipient is 403 and nothing is sent)
 */
export function notificationRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const inbox = (recipientId: string, command: InboxCommand, req: Parameters<typeof metaFor>[0]) =>
    handle(deps.store, notificationsStream(recipientId), inboxDecider, command, metaFor(req, deps));

  r.patch('/api/notifications/mark-all-read', auth, async (req, res) => {
    const { id } = authOf(req);
    const result = await inbox(id, { type: 'MarkAllRead', recipientId: id }, req);
    const marked = result.events.reduce(
      (n, e) => n + (e.type === 'AllNotificationsRead' ? e.data.notificationIds.length : 0),
      0,
    );
    sendResult(res, 200, result.position, { marked });
  });

  r.patch('/api/notifications/:id/read', auth, async (req, res) => {
    const { id } = authOf(req);
    const notificationId = String(req.params.id);
    const result = await inbox(id, { type: 'MarkRead', recipientId: id, notificationId }, req);
    sendResult(res, 200, result.position, { id: notificationId, read: true });
  });

  r.patch('/api/announcements/:id/read', auth, async (req, res) => {
    const { id } = authOf(req);
    const announcementId = String(req.params.id);
    const result = await inbox(id, { type: 'MarkAnnouncementRead', recipientId: id, announcementId }, req);
    sendResult(res, 200, result.position, { id: announcementId, read: true });
  });

  r.put('/api/notification-settings', auth, async (req, res) => {
    const { id } = authOf(req);
    const body = validate(notificationSettingsSchema, req.body);
    const result = await inbox(
      id,
      { type: 'ChangeSettings', accountId: id, emailImportant: body.email_important },
      req,
    );
    sendResult(res, 200, result.position, { email_important: body.email_important });
  });

  r.post('/api/announcements', auth, requireRole('training_centre', 'mentor'), async (req, res) => {
    const caller = authOf(req);
    const body = validate(announcementRequestSchema, req.body);
    const sender = await loadAccount(deps, caller.id);
    // Which recipients are the sender's own students (docs/rules.md#announcement-recipients), from each student's own stream
    // (the write side): a centre's registered students, a mentor's actively placed ones.
    const own = await Promise.all(
      body.recipient_ids.map(async (studentId) => {
        const { state } = await load(deps.store, accountStream(studentId), trainingDecider);
        const mine =
          state.registered &&
          (caller.role === 'training_centre'
            ? state.centreId === caller.id
            : activePlacement(state)?.mentorId === caller.id);
        return mine ? studentId : null;
      }),
    );
    const announcementId = deps.newId();
    const result = await handle(
      deps.store,
      announcementStream(announcementId),
      announcementDecider,
      {
        type: 'PublishAnnouncement',
        announcementId,
        senderId: caller.id,
        senderRole: caller.role as 'training_centre' | 'mentor',
        senderName: publicUser(sender).Name,
        title: body.title,
        message: body.message,
        priority: body.priority,
        recipientIds: body.recipient_ids,
        allowedRecipientIds: own.filter((id): id is string => id !== null),
      },
      metaFor(req, deps),
    );
    const n = body.recipient_ids.length;
    sendResult(res, 201, result.position, { id: announcementId, recipients: n, message: ANNOUNCEMENT_TEXTS.sent(n) });
  });

  return r;
}
