import type { ChatType, ContactRole } from '@panda/contracts/chat';
import { accounts } from '@panda/projections/read-models/accounts';
import { students } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';

export interface ContactRef {
  id: string;
  role: ContactRole;
  Chat_Type: ChatType;
  /** A student contact's display name, from the student document that made them a contact (accounts has the same). */
  name?: string;
}

/** docs/rules.md#chat-contacts, from the read models (the command side checks the student's stream). */
export async function contactsOf(rs: ReadStore, me: { id: string; role: string }): Promise<ContactRef[]> {
  if (me.role === 'student') {
    const s = await rs.get(students, me.id);
    if (!s) return [];
    const out: ContactRef[] = [];
    if (s.mentor_id) out.push({ id: s.mentor_id, role: 'mentor', Chat_Type: 'mentor_student' });
    if (s.centre_id) out.push({ id: s.centre_id, role: 'training_centre', Chat_Type: 'training_centre_student' });
    return out;
  }
  if (me.role === 'mentor' || me.role === 'training_centre') {
    // Only the names: a centre has a thousand students, whose whole documents would cost more to read than the page.
    const mine = await rs.find(students, me.role === 'mentor' ? { mentor_id: me.id } : { centre_id: me.id }, {
      sort: { Created_At: 1 },
      fields: ['Name'],
    });
    const Chat_Type: ChatType = me.role === 'mentor' ? 'mentor_student' : 'training_centre_student';
    return mine.map((s) => ({ id: s.id, role: 'student' as const, Chat_Type, name: s.Name }));
  }
  return [];
}

/** The contact `otherId` of the caller, or null. */
export async function contactOf(
  rs: ReadStore,
  me: { id: string; role: string },
  otherId: string,
): Promise<ContactRef | null> {
  if (me.role === 'student') return (await contactsOf(rs, me)).find((c) => c.id === otherId) ?? null;
  if (me.role !== 'mentor' && me.role !== 'training_centre') return null;
  const s = await rs.get(students, otherId);
  const mine = me.role === 'mentor' ? s?.mentor_id === me.id : s?.centre_id === me.id;
  return mine
    ? { id: otherId, role: 'student', Chat_Type: me.role === 'mentor' ? 'mentor_student' : 'training_centre_student' }
    : null;
}

/** Display names (a centre's name, else "First Last") of some accounts. */
export async function namesOf(rs: ReadStore, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const docs = await rs.find(accounts, { id: { $in: ids } });
  return new Map(docs.map((d) => [d.id, d.Name]));
}
