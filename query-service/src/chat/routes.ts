import { Router } from 'express';
import { chatContactsQuerySchema, messagesQuerySchema, type Message } from '@panda/contracts/chat';
import { PAGING_TEXTS } from '@panda/contracts/paging';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, validate } from '@panda/platform/http';
import { encodeCursor, findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import {
  conversationDocId,
  inboxKey,
  threadId,
  type ChatMessageDoc,
  chatInboxes,
  chatMessages,
  chatThreads,
} from '@panda/projections/read-models/chat';
import type { ReadStore } from '@panda/projections/read-store';
import type { QueryDeps } from '../shared/deps';
import { contactsOf } from './contacts';
import { contactsPage, contactsSearchPage } from './contacts-page';

/** The numbers `from`, `from - 1`, … (at most `limit`, none below 1). */
const countDown = (from: number, limit: number) =>
  Array.from({ length: Math.max(0, Math.min(limit, from)) }, (_, i) => from - i);

/** Newest first, fetched by ids (docs/read-models.md#chat). */
export async function messagesPage(
  rs: ReadStore,
  me: string,
  contact: string | undefined,
  limit: number,
  cursor: number | undefined,
) {
  const total = contact
    ? ((await rs.get(chatThreads, threadId(me, contact)))?.message_count ?? 0)
    : ((await rs.get(chatInboxes, me))?.message_count ?? 0);
  const start = Math.min(total, cursor === undefined ? total : cursor - 1);
  const numbers = countDown(start, limit);
  const docs = contact
    ? await rs.find(chatMessages, { id: { $in: numbers.map((n) => conversationDocId(me, contact, n)) } })
    : await rs.find(chatMessages, { inbox_key: { $in: numbers.map((n) => inboxKey(me, n)) } });
  const nOf = (d: ChatMessageDoc) => (contact ? d.conversation_n : d.inbox_n);
  docs.sort((a, b) => nOf(b) - nOf(a));
  const last = docs.at(-1);
  return { total, messages: docs.map((d) => d.message), last: last ? { n: nOf(last), id: last.message.id } : null };
}

/** Newest first only (the cursor: the page's last copy's number); `?q`: the text and the image's file name. */
const MESSAGES: ListSpec = {
  sorts: { created: 'n' },
  defaultSort: '-created',
  search: ['message.Message', 'message.Image_Filename'],
};
/** Contacts: the latest conversation first, then by name (ties by id); the cursor holds both. `?q`: the name. */
const CONTACTS: ListSpec = { sorts: { recent: ['at', 'name'] }, defaultSort: 'recent', search: ['name'] };
const onlySort = (sort: string, allowed: string) => {
  if (sort !== allowed) throw badRequest([{ field: 'sort', message: `sort must be ${allowed}` }]);
};

/** docs/api-chat.md */
export function chatQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;
  const online = (id: string) => deps.live?.isOnline(id) ?? false;

  r.get('/api/messages', auth, async (req, res) => {
    const me = authOf(req).id;
    const q = validate(messagesQuerySchema, req.query);
    const paging = parsePaging(req.query, MESSAGES);
    onlySort(paging.sort, '-created');
    const after = paging.after?.value;
    if (paging.after && (typeof after !== 'number' || !Number.isInteger(after) || after < 1))
      throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursor }]);
    if (paging.q) {
      // A search reads the caller's copies through the text's search index, newest first by their number.
      const field = q.with ? 'conversation_n' : 'inbox_n';
      const found = await findPage(rs, chatMessages, q.with ? { owner: me, contact: q.with } : { owner: me }, {
        ...paging,
        field,
        fields: [field],
      });
      setPageHeaders(req, res, found);
      return void res.json(found.items.map((d) => d.message) satisfies Message[]);
    }
    const page = await messagesPage(rs, me, q.with, paging.limit, typeof after === 'number' ? after : undefined);
    const more = page.last !== null && page.last.n > 1;
    setPageHeaders(req, res, {
      total: page.total,
      next: more && page.last ? encodeCursor(paging.sort, page.last.n, page.last.id) : null,
    });
    res.json(page.messages satisfies Message[]);
  });

  r.get('/api/chat-contacts', auth, async (req, res) => {
    const me = authOf(req);
    validate(chatContactsQuerySchema, req.query);
    const paging = parsePaging(req.query, CONTACTS);
    onlySort(paging.sort, 'recent');
    // Keyset: the page starts after the cursor's (time, name, id), wherever that contact is now.
    let after: { at: number; name: string; id: string } | undefined;
    if (paging.after) {
      const [at, name] = [paging.after.value, ...(paging.afterRest ?? [])];
      if (typeof at !== 'number' || typeof name !== 'string')
        throw badRequest([{ field: 'cursor', message: PAGING_TEXTS.cursor }]);
      after = { at, name, id: paging.after.id };
    }
    const { total, rows } = paging.q
      ? await contactsSearchPage(rs, me, online, paging.q, paging.limit, after)
      : await contactsPage(rs, me, online, paging.limit, after);
    const page = rows.slice(0, paging.limit);
    const last = page.at(-1);
    setPageHeaders(req, res, {
      total,
      next: last && rows.length > paging.limit ? encodeCursor(paging.sort, [last.at, last.name], last.id) : null,
    });
    res.json(page.map(({ at: _at, ...contact }) => contact));
  });

  r.get('/api/online-users', auth, async (req, res) => {
    const contacts = await contactsOf(rs, authOf(req));
    res.json({ online_users: contacts.filter((c) => online(c.id)).map((c) => c.id) });
  });

  /** Sender and receiver only; anyone else is told it does not exist. */
  r.get('/api/chat-images/:messageId', auth, async (req, res) => {
    const me = authOf(req).id;
    const copies = await rs.find(chatMessages, { message_id: String(req.params.messageId) });
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
