import type { Notification } from '@panda/contracts/notifications';
import type { NotificationDoc } from '@panda/projections/read-models/notifications';
import { JSON_INTEGER, JSON_SCALAR, JSON_STRING, docShape } from '../shared/doc-text';

/** A notification as the API answers it. */
export const notificationView = (d: NotificationDoc): Notification => ({
  id: d.id,
  type: d.type,
  kind: d.kind as Notification['kind'],
  title: d.title,
  message: d.message,
  created_at: d.created_at,
  read: d.read,
  is_read: d.read,
  link: d.link,
  from_user: d.from_user,
  sender_id: d.sender_id,
  message_id: d.message_id,
  announcement_id: d.announcement_id,
  priority: d.priority,
});

const S = JSON_SCALAR;
/** A notification document as the notifications projection writes it. */
const notificationShape = docShape([
  ['id', JSON_STRING],
  ['recipient_id', S, false],
  ['seq', JSON_INTEGER, false],
  ['type', S],
  ['kind', S],
  ['title', S],
  ['message', S],
  ['link', S],
  ['created_at', S],
  ['read', S],
  ['read_at', S, false],
  ['from_user', S],
  ['sender_id', S],
  ['message_id', S],
  ['announcement_id', S],
  ['priority', S],
]);
const at = notificationShape.at;

/**
 * A notification as the API answers it (notificationView) made from its document's stored text, without parsing
 * it and writing it out again; a text not as the notifications projection writes it is answered from its parsed
 * document, so the answer is always notificationView's, byte for byte (its keys in that order, `is_read`
 * beside `read`).
 */
export function notificationText(text: string): string {
  const m = notificationShape.match(text);
  if (!m) return JSON.stringify(notificationView(JSON.parse(text) as NotificationDoc));
  return (
    `{"id":${m[at.id]},"type":${m[at.type]},"kind":${m[at.kind]},"title":${m[at.title]},"message":${m[at.message]}` +
    `,"created_at":${m[at.created_at]},"read":${m[at.read]},"is_read":${m[at.read]},"link":${m[at.link]}` +
    `,"from_user":${m[at.from_user]},"sender_id":${m[at.sender_id]},"message_id":${m[at.message_id]}` +
    `,"announcement_id":${m[at.announcement_id]},"priority":${m[at.priority]}}`
  );
}
