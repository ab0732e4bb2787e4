import { Router } from 'express';
import { chatContactsQuerySchema, messagesQuerySchema, type ChatContact, type Message } from '@panda/contracts/chat';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, validate } from '@panda/platform/http';
import {
  CHAT_INBOXES,
  CHAT_MESSAGES,
  CHAT_THREADS,
  conversationDocId,
  inboxKey,
  threadId,
  type ChatInboxDoc,
  type ChatMessageDoc,
  type ChatThreadDoc,
} from '@panda/projections/read-models/chat';
import type { ReadStore } from '@panda/projections/read-store';
import type { QueryDeps } from '../shared/deps';
import { contactsOf, namesOf } from './contacts';

/** The numbers `from`, `from - 1`, … (at most `limit`, none below 1). */
const countDown = (from: number, limit: number) =>
  Array.from({ length: Math.max(0, Math.min(limit, from)) }, (_, i) => from - i);

/**
 * One page of the caller's messages, newest first: the conversation with `contact`, or everything.
 * Copies are numbered densely (messages are never deleted), so the page is fetched by its ids.
 */
export async function messagesPage(
  rs: ReadStore,
  me: string,
  contact: string | undefined,
  limit: number,
  cursor: number | undefined,
) {
  const total = contact
    ? (((await rs.get(CHAT_THREADS, threadId(me, contact))) as ChatThreadDoc | null)?.message_count ?? 0)
    : (((await rs.get(CHAT_INBOXES, me)) as ChatInboxDoc | null)?.message_count ?? 0);
  const start = Math.min(total, cursor === undefined ? total : cursor - 1);
  const numbers = countDown(start, limit);
  const docs = (
    contact
      ? await rs.find(CHAT_MESSAGES, { id: { $in: numbers.map((n) => conversationDocId(me, contact, n)) } })
      : await rs.find(CHAT_MESSAGES, { inbox_key: { $in: numbers.map((n) => inboxKey(me, n)) } })
  ) as ChatMessageDoc[];
  const nOf = (d: ChatMessageDoc) => (contact ? d.conversation_n : d.inbox_n);
  docs.sort((a, b) => nOf(b) - nOf(a));
  const last = numbers.at(-1);
  return { total, messages: docs.map((d) => d.message), next: last !== undefined && last > 1 ? last : null };
}

/**
 * Chat queries (spec §7 "Messages and chat"; rulings 13, 24; contracts/src/chat.ts):
 * - GET /api/messages?with=&limit=&cursor=  the caller's messages, newest first (X-Total-Count, Link rel="next")
 * - GET /api/chat-contacts?limit=&cursor=   contacts with online, unread_count, last_message
 * - GET /api/online-users                   the caller's contacts that are connected
 * - GET /api/chat-images/:messageId         an image of a message the caller sent or received
 */
export function chatQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;
  const online = (id: string) => deps.live?.isOnline(id) ?? false;

  r.get('/api/messages', auth, async (req, res) => {
    const me = authOf(req).id;
    const q = validate(messagesQuerySchema, req.query);
    const page = await messagesPage(rs, me, q.with, q.limit, q.cursor === undefined ? undefined : Number(q.cursor));
    res.setHeader('X-Total-Count', String(page.total));
    if (page.next !== null) {
      const next = new URLSearchParams({
        ...(q.with ? { with: q.with } : {}),
        limit: String(q.limit),
        cursor: String(page.next),
      });
      res.setHeader('Link', `</api/messages?${next.toString()}>; rel="next"`);
    }
    res.json(page.messages satisfies Message[]);
  });

  r.get('/api/chat-contacts', auth, async (req, res) => {
    const me = authOf(req);
    const q = validate(chatContactsQuerySchema, req.query);
    const contacts = await contactsOf(rs, me);
    const [names, threads] = await Promise.all([
      namesOf(
        rs,
        contacts.map((c) => c.id),
      ),
      rs.find(CHAT_THREADS, { id: { $in: contacts.map((c) => threadId(me.id, c.id)) } }) as Promise<ChatThreadDoc[]>,
    ]);
    const byContact = new Map(threads.map((t) => [t.contact, t]));
    const all: (ChatContact & { at: number })[] = contacts.map((c) => {
      const t = byContact.get(c.id);
      return {
        ...c,
        name: names.get(c.id) ?? '',
        online: online(c.id),
        unread_count: t?.unread_count ?? 0,
        last_message: t?.last_message ?? null,
        at: t?.last_position ?? 0,
      };
    });
    // The most recent conversation first, then contacts never written to, by name.
    all.sort((a, b) => b.at - a.at || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const offset = q.cursor === undefined ? 0 : Number(q.cursor);
    const page = all.slice(offset, offset + q.limit);
    res.setHeader('X-Total-Count', String(all.length));
    if (offset + q.limit < all.length)
      res.setHeader(
        'Link',
        `</api/chat-contacts?${new URLSearchParams({ limit: String(q.limit), cursor: String(offset + q.limit) }).toString()}>; rel="next"`,
      );
    res.json(page.map(({ at: _at, ...c }) => c) satisfies ChatContact[]);
  });

  r.get('/api/online-users', auth, async (req, res) => {
    const contacts = await contactsOf(rs, authOf(req));
    res.json({ online_users: contacts.filter((c) => online(c.id)).map((c) => c.id) });
  });

  /** Sender and receiver only; anyone else is told it does not exist. */
  r.get('/api/chat-images/:messageId', auth, async (req, res) => {
    const me = authOf(req).id;
    const copies = (await rs.find(CHAT_MESSAGES, { message_id: String(req.params.messageId) })) as ChatMessageDoc[];
    const image = copies.find((c) => c.owner === me)?.image;
    if (!image) throw notFound('Image not found');
    const etag = `"${image.hash}"`;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    if (req.header('If-None-Match') === etag) return void res.status(304).end();
    const blob = await deps.blobs.get(image.hash);
    if (!blob) throw notFound('Image not found');
    res.type(image.content_type).send(blob.bytes);
  });

  return r;
}
