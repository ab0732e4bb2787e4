import type { ChatContact, ChatType, ContactRole } from '@panda/contracts/chat';
import { type ChatThreadDoc, chatThreads } from '@panda/projections/read-models/chat';
import { students } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';
import { contactsOf, namesOf } from './contacts';

/** A contact with the position of the latest message with them (0: never written to), its sort key. */
export type ContactRow = ChatContact & { at: number };

type Thread = Pick<ChatThreadDoc, 'contact' | 'unread_count' | 'last_message' | 'last_position'>;

type Key = { at: number; name: string; id: string };

/** localeCompare's order (the same default locale and options), without making a collator per comparison. */
const collator = new Intl.Collator();
/** The most recent conversation first, then contacts never written to, by name (ties by id). */
const contactOrder = (a: Key, b: Key) =>
  b.at - a.at || collator.compare(a.name, b.name) || collator.compare(a.id, b.id);

/**
 * `limit` contacts after `after` (plus one, telling whether a next page exists) and their total. Conversations
 * are read newest first a batch at a time; only a page past them reads every name (the collator's order).
 */
export async function contactsPage(
  rs: ReadStore,
  me: { id: string; role: string },
  online: (id: string) => boolean,
  limit: number,
  after: Key | undefined,
): Promise<{ total: number; rows: ContactRow[] }> {
  const want = limit + 1;
  const isAfter = (c: Key) => !after || contactOrder(c, after) > 0;
  if (me.role !== 'mentor' && me.role !== 'training_centre') {
    const all = await studentRows(rs, me, online);
    return { total: all.length, rows: all.sort(contactOrder).filter(isAfter).slice(0, want) };
  }
  const ofMe = me.role === 'mentor' ? { mentor_id: me.id } : { centre_id: me.id };
  const Chat_Type: ChatType = me.role === 'mentor' ? 'mentor_student' : 'training_centre_student';
  const total = await rs.count(students, ofMe);
  const rows: ContactRow[] = [];
  // Conversations, newest first; one with someone no longer a contact is skipped.
  if (!after || after.at > 0) {
    // After a cursor the batch starts at the cursor's own conversation (ties), left out: one more is read.
    const batch = Math.min(want, 200) + (after ? 1 : 0);
    let below: number | undefined = after?.at;
    let inclusive = true;
    for (;;) {
      const bound = below === undefined ? {} : { last_position: inclusive ? { $lte: below } : { $lt: below } };
      let threads = await rs.find(
        chatThreads,
        { owner: me.id, ...bound },
        { sort: { last_position: -1 }, limit: batch },
      );
      const full = threads.length === batch;
      const oldest = threads.at(-1)?.last_position;
      // Every thread at the batch's oldest position, so that the next batch starts strictly below it.
      if (full && oldest !== undefined) {
        const seen = new Set(threads.map((t) => t.contact));
        const tied = await rs.find(chatThreads, { owner: me.id, last_position: oldest });
        threads = [...threads, ...tied.filter((t) => !seen.has(t.contact))];
      }
      const mine = await rs.find(
        students,
        { id: { $in: threads.map((t) => t.contact) }, ...ofMe },
        { fields: ['Name'] },
      );
      const nameOf = await namesWithAccounts(rs, mine);
      for (const t of threads) {
        const name = nameOf.get(t.contact);
        const r = name === undefined ? null : row(t.contact, 'student', Chat_Type, name, t, online);
        if (r && isAfter(r)) rows.push(r);
      }
      rows.sort(contactOrder);
      if (rows.length >= want || !full || oldest === undefined) break;
      below = oldest;
      inclusive = false;
    }
    if (rows.length >= want) return { total, rows: rows.slice(0, want) };
  }
  // Contacts never written to, by name: every contact's name and every conversation's contact are read.
  const [all, threads] = await Promise.all([
    rs.find(students, ofMe, { fields: ['Name'] }),
    rs.find(chatThreads, { owner: me.id }, { fields: ['contact'] }),
  ]);
  const written = new Set(threads.map((t) => t.contact));
  const silent = all.filter((s) => !written.has(s.id));
  const names = await namesWithAccounts(rs, silent);
  const rest = silent
    .map((s) => row(s.id, 'student', Chat_Type, names.get(s.id) as string, undefined, online))
    .filter(isAfter)
    .sort(contactOrder);
  return { total, rows: [...rows, ...rest].slice(0, want) };
}

/** A student's contacts (at most two), whole. */
async function studentRows(rs: ReadStore, me: { id: string; role: string }, online: (id: string) => boolean) {
  const contacts = (await contactsOf(rs, me)).map((c) => ({ ...c, Name: c.name }));
  const [names, threads] = await Promise.all([namesWithAccounts(rs, contacts), rs.find(chatThreads, { owner: me.id })]);
  const byContact = new Map(threads.map((t) => [t.contact, t]));
  return contacts.map((c) => row(c.id, c.role, c.Chat_Type, names.get(c.id) ?? '', byContact.get(c.id), online));
}

/** Each one's name: its own, else its account's (one read for all that lack one), else ''. */
async function namesWithAccounts(rs: ReadStore, list: { id: string; Name?: string }[]): Promise<Map<string, string>> {
  const nameless = list.filter((x) => x.Name === undefined).map((x) => x.id);
  const accounts = await namesOf(rs, nameless);
  return new Map(list.map((x) => [x.id, x.Name ?? accounts.get(x.id) ?? '']));
}

function row(
  id: string,
  role: ContactRole,
  Chat_Type: ChatType,
  name: string,
  t: Thread | undefined,
  online: (id: string) => boolean,
): ContactRow {
  return {
    id,
    role,
    Chat_Type,
    name,
    online: online(id),
    unread_count: t?.unread_count ?? 0,
    last_message: t?.last_message ?? null,
    at: t?.last_position ?? 0,
  };
}

/** Contacts whose name (or a student's e-mail) contains `q`, in the list's order (docs/rules.md#list-search). */
export async function contactsSearchPage(
  rs: ReadStore,
  me: { id: string; role: string },
  online: (id: string) => boolean,
  q: string,
  limit: number,
  after: Key | undefined,
): Promise<{ total: number; rows: ContactRow[] }> {
  const text = q.toLowerCase();
  const isAfter = (c: Key) => !after || contactOrder(c, after) > 0;
  const page = (found: ContactRow[]) => ({
    total: found.length,
    rows: found
      .sort(contactOrder)
      .filter(isAfter)
      .slice(0, limit + 1),
  });
  if (me.role !== 'mentor' && me.role !== 'training_centre')
    return page((await studentRows(rs, me, online)).filter((c) => c.name.toLowerCase().includes(text)));
  const Chat_Type: ChatType = me.role === 'mentor' ? 'mentor_student' : 'training_centre_student';
  const ofMe = me.role === 'mentor' ? { mentor_id: me.id } : { centre_id: me.id };
  const matched = await rs.find(
    students,
    { ...ofMe, $or: [{ Name: { $contains: text } }, { Email: { $contains: text } }] },
    { fields: ['Name'] },
  );
  const names = await namesWithAccounts(rs, matched);
  const threads: Thread[] = matched.length
    ? await rs.find(chatThreads, { owner: me.id, contact: { $in: matched.map((s) => s.id) } })
    : [];
  const byContact = new Map(threads.map((t) => [t.contact, t]));
  return page(matched.map((s) => row(s.id, 'student', Chat_Type, names.get(s.id) ?? '', byContact.get(s.id), online)));
}
