import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_THREADS, chatProjection } from '@panda/projections/read-models/chat';
import { STUDENTS, trainingProjection } from '@panda/projections/read-models/training';
import { collectionName, type CollectionRef, type WriteOp } from '@panda/projections/read-store';
import { SqliteReadStore } from '@panda/projections/sqlite-read-store';
import { contactsPage, type ContactRow } from './contacts-page';

/**
 * The keyset pages of a centre's chat contacts, walked with every page size, give the same list as
 * sorting all of them at once (latest conversation first, then by name in localeCompare's order,
 * ties by id): across the end of the conversations, equal positions, equal names, names whose
 * collator order is not their byte order, and a conversation with a student who left the centre.
 */
const dir = mkdtempSync(join(tmpdir(), 'panda-contacts-page-'));
let rs: SqliteReadStore;
const centre = { id: 'centre1', role: 'training_centre' };
const NAMES = ['bob', 'Bob', 'émile', 'Emma', 'zoë', 'Zed', 'alice', 'Álvaro', 'bob', 'carl', 'Ça va', 'dan'];
// Student i: a name (some equal), its centre's or another's; threads with some, at positions (some tied).
const students = Array.from({ length: 36 }, (_, i) => ({
  id: `s${String(i).padStart(2, '0')}`,
  Name: `${NAMES[i % NAMES.length]}${i % 5 === 0 ? '' : ` ${i % 3}`}`,
  centre_id: i % 9 === 8 ? 'centre2' : centre.id,
  Created_At: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`,
}));
const positions = new Map<string, number>();
students.forEach((s, i) => {
  if (i % 2 === 0) positions.set(s.id, 1000 - Math.floor(i / 4) * 10);
});

function expected(): ContactRow[] {
  const mine = students.filter((s) => s.centre_id === centre.id);
  return mine
    .map((s) => ({ id: s.id, name: s.Name, at: positions.get(s.id) ?? 0 }))
    .sort((a, b) => b.at - a.at || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((c) => ({
      id: c.id,
      role: 'student',
      Chat_Type: 'training_centre_student',
      name: c.name,
      online: false,
      unread_count: c.at ? 1 : 0,
      last_message: null,
      at: c.at,
    }));
}

beforeAll(async () => {
  rs = new SqliteReadStore(join(dir, 'read-models.db'));
  await rs.ensureIndexes(STUDENTS, trainingProjection.collections[STUDENTS]);
  await rs.ensureIndexes(CHAT_THREADS, chatProjection.collections[CHAT_THREADS]);
  const ops: WriteOp[] = students.map((s) => ({ op: 'put', collection: STUDENTS, doc: s }));
  for (const [contact, at] of positions)
    ops.push({
      op: 'put',
      collection: CHAT_THREADS,
      doc: {
        id: `${centre.id}|${contact}`,
        owner: centre.id,
        contact,
        unread_count: 1,
        last_message: null,
        last_position: at,
      },
    });
  await rs.commit('test', 0, 1, ops);
});
afterAll(async () => {
  await rs?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('contactsPage: keyset pages of a centre chat contacts', () => {
  it('the seed has conversations with tied positions, a left student, and byte order unlike the collator', () => {
    const ats = [...positions.values()];
    expect(new Set(ats).size).toBeLessThan(ats.length);
    expect([...positions.keys()].some((id) => students.find((s) => s.id === id)?.centre_id !== centre.id)).toBe(true);
    const names = expected().map((c) => c.name);
    expect(names.filter((_, i) => expected()[i].at === 0)).not.toEqual(
      names.filter((_, i) => expected()[i].at === 0).sort(),
    );
  });

  for (const limit of [1, 2, 3, 5, 7, 16, 50])
    it(`walked ${limit} at a time, gives every contact once, in order, with the total`, async () => {
      const walked: ContactRow[] = [];
      let after: { at: number; name: string; id: string } | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const { total, rows } = await contactsPage(rs, centre, () => false, limit, after);
        expect(total).toBe(expected().length);
        const page = rows.slice(0, limit);
        walked.push(...page);
        if (rows.length <= limit) break;
        const last = page.at(-1)!;
        after = { at: last.at, name: last.name, id: last.id };
      }
      expect(walked).toEqual(expected());
    });

  it('a page after a cursor among the conversations reads one batch of them, not two', async () => {
    const batches: number[] = [];
    const counting = new Proxy(rs, {
      get(target, key, receiver) {
        if (key !== 'find') return Reflect.get(target, key, receiver);
        return (collection: CollectionRef, filter: unknown, options?: { sort?: unknown }) => {
          if (collectionName(collection) === CHAT_THREADS && options?.sort) batches.push(1);
          return Reflect.apply(target.find, target, [collection, filter, options]);
        };
      },
    });
    const first = await contactsPage(counting, centre, () => false, 5, undefined);
    const last = first.rows[4];
    expect(last.at).toBeGreaterThan(0);
    batches.length = 0;
    const second = await contactsPage(counting, centre, () => false, 5, { at: last.at, name: last.name, id: last.id });
    expect(second.rows.slice(0, 5)).toEqual(expected().slice(5, 10));
    expect(batches).toHaveLength(1);
  });
});
