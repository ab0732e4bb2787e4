import { z } from 'zod';
import { multiLineText, singleLineText } from './fields';
import { defineRoutes } from './route-contract';

/**
 * The contract of the notifications capability (spec §3 Notification and Announcement, §5, §7
 * "Notifications and announcements"; docs/rules.md#notifications-from-events, docs/rules.md#announcement-recipients, docs/rules.md#list-paging): request and response bodies of its
 * routes and the WebSocket message that tells a client one of its notifications changed. Routes
 * validate requests with these schemas, integration tests parse every answer with them and the
 * web app's types are `z.infer` of them. No dependency but zod.
 */

/** The spec's notification types (what the bell's icon and colour follow). */
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'assignment', 'message', 'announcement'] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** What happened (docs/rules.md#notifications-from-events); each kind is made by one handler of the notifications reactor. */
export const NOTIFICATION_KINDS = [
  'placement_proposed',
  'placement_accepted',
  'placement_declined',
  'placement_ended',
  'job_card_signed',
  'job_card_signed_in_your_name',
  'requirements_changed',
  'account_vetted',
  'account_unvetted',
  'announcement',
  'message_received',
  // Sign-off disputes and reminders (docs/rules.md#trainee-countersign, docs/rules.md#reminders).
  'signature_disputed',
  'dispute_resolved',
  'proposal_reminder',
  'proposal_escalated',
  'no_signoff_prompt',
  'confirmation_reminder',
  // Support (docs/rules.md#support-tickets): an answer from support or the AI Assistant.
  'ticket_replied',
  // Payouts (docs/rules.md#mentor-payouts): a self-billed invoice issued, disputed (to admins) and its
  // dispute resolved (to the mentor, docs/rules.md#invoice-disputes), a payout made.
  'invoice_issued',
  'invoice_disputed',
  'invoice_dispute_resolved',
  'payout_made',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const ANNOUNCEMENT_PRIORITIES = ['low', 'normal', 'medium', 'high'] as const;
export const announcementPrioritySchema = z.enum(ANNOUNCEMENT_PRIORITIES);
export type AnnouncementPriority = z.infer<typeof announcementPrioritySchema>;

/** One notification as `GET /api/notifications` lists it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  kind: notificationKindSchema,
  title: z.string(),
  message: z.string(),
  /** ISO-8601 time of the event it is about. */
  created_at: z.string(),
  read: z.boolean(),
  /** The same as `read` (the spec names both spellings). */
  is_read: z.boolean(),
  /** The screen it is about, an app path such as `/dashboard/jobs`. */
  link: z.string(),
  /** Who caused it (null: the system or an admin). */
  from_user: z.string().nullable(),
  sender_id: z.string().nullable(),
  message_id: z.string().nullable(),
  /** Set on announcements only. */
  announcement_id: z.string().nullable(),
  priority: announcementPrioritySchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications?limit=&cursor=&unread=true&type=announcement` (docs/rules.md#list-paging paging). */
export const notificationsQuerySchema = z.object({
  // Above 200: a page of 200, as on every list.
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .default(50)
    .transform((n) => Math.min(n, 200)),
  /** Opaque (platform/src/paging.ts); `?q=` searches title and message. */
  cursor: z.string().max(1000, 'cursor must come from a Link header').optional(),
  unread: z.enum(['true', 'false']).optional(),
  type: notificationTypeSchema.optional(),
});
/** The page itself is a JSON array (X-Total-Count and Link: rel="next" in the headers). */
export const notificationsPageSchema = z.array(notificationSchema);

/** `GET /api/notifications/unread-count`. */
export const unreadCountSchema = z.object({
  unread: z.number().int().min(0),
  announcements_unread: z.number().int().min(0),
});

/** Every notification command answers the log position of its effect. */
export const commandResultSchema = z.object({ position: z.number().int().min(0) });

/** `PATCH /api/notifications/{id}/read` and `PATCH /api/announcements/{id}/read`. */
export const markReadResultSchema = commandResultSchema.extend({ id: z.string(), read: z.literal(true) });
/** `PATCH /api/notifications/mark-all-read`. */
export const markAllReadResultSchema = commandResultSchema.extend({ marked: z.number().int().min(0) });

/** `GET` and `PUT /api/notification-settings`: e-mail for the important ones (placement proposed, disputes, reminders). */
export const notificationSettingsSchema = z.object({ email_important: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResultSchema = notificationSettingsSchema.extend({
  position: z.number().int().min(0),
});

/** Validation texts of spec §5, word for word. */
export const ANNOUNCEMENT_TEXTS = {
  title: 'Please enter an announcement title',
  message: 'Please enter an announcement message',
  recipients: 'Please select at least one student',
  sent: (n: number) => `Announcement sent to ${n} student(s)!`,
  failed: 'Failed to send announcement',
} as const;

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 5000;

/** `POST /api/announcements` (spec §7). sender_role and sender_name are taken from the caller's account, never trusted from the body. */
export const announcementRequestSchema = z.object({
  title: singleLineText(ANNOUNCEMENT_TEXTS.title)
    .trim()
    .min(1, ANNOUNCEMENT_TEXTS.title)
    .max(ANNOUNCEMENT_TITLE_MAX, `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
  message: multiLineText(ANNOUNCEMENT_TEXTS.message)
    .trim()
    .min(1, ANNOUNCEMENT_TEXTS.message)
    .max(ANNOUNCEMENT_MESSAGE_MAX, `Message must be at most ${ANNOUNCEMENT_MESSAGE_MAX} characters`),
  priority: announcementPrioritySchema.default('normal'),
  recipient_ids: z
    .array(z.string().min(1).max(100), { error: ANNOUNCEMENT_TEXTS.recipients })
    .min(1, ANNOUNCEMENT_TEXTS.recipients)
    .max(1000, 'At most 1000 recipients')
    .transform((ids) => [...new Set(ids)]),
  sender_role: z.string().optional(),
  sender_name: z.string().optional(),
});
export type AnnouncementRequest = z.input<typeof announcementRequestSchema>;

export const announcementResultSchema = commandResultSchema.extend({
  id: z.string(),
  recipients: z.number().int().min(1),
  message: z.string(),
});

/** WebSocket push (docs/api-conventions.md "Push") for a notification document of the caller. */
export const notificationChangedMessageSchema = z.object({
  type: z.literal('changed'),
  collection: z.literal('notifications'),
  id: z.string(),
  position: z.number().int().min(0),
});

/** What the recipients picker reads of `GET /api/my-students` (centres) and `GET /api/my-matches` (mentors) items. */
export const announcementRecipientSchema = z.object({
  id: z.string(),
  First_Name: z.string(),
  Last_Name: z.string(),
  Email: z.string(),
});
export const announcementRecipientsSchema = z.array(announcementRecipientSchema);
export type AnnouncementRecipient = z.infer<typeof announcementRecipientSchema>;

/** The HTTP routes of notifications and announcements (spec §6). Route contracts: see ./route-contract. */
export const notificationsRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/notifications',
    query: notificationsQuerySchema,
    responses: { 200: notificationsPageSchema },
  },
  { method: 'GET', path: '/api/notifications/unread-count', responses: { 200: unreadCountSchema } },
  { method: 'GET', path: '/api/notification-settings', responses: { 200: notificationSettingsSchema } },
  { method: 'PATCH', path: '/api/notifications/mark-all-read', responses: { 200: markAllReadResultSchema } },
  { method: 'PATCH', path: '/api/notifications/:id/read', responses: { 200: markReadResultSchema } },
  { method: 'PATCH', path: '/api/announcements/:id/read', responses: { 200: markReadResultSchema } },
  {
    method: 'PUT',
    path: '/api/notification-settings',
    body: notificationSettingsSchema,
    responses: { 200: notificationSettingsResultSchema },
  },
  {
    method: 'POST',
    path: '/api/announcements',
    body: announcementRequestSchema,
    responses: { 201: announcementResultSchema },
  },
]);
