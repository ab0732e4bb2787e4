import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointConflictError, matches, searchIndex, type Doc, type Filter, type ReadStore } from './read-store';
import { collection } from './typed-collection';
import { compareBy } from './testing/store-rules';

/** The one suite every ReadStore implementation must pass. `make` returns a fresh, empty store. */
export function readStoreContract(name: string, make: () => Promise<ReadStore>, skipReason?: string) {
  if (skipReason) console.warn(`SKIPPED ${name} contract suite: ${skipReason}`);
  describe.skipIf(Boolean(skipReason))(
    `ReadStore contract: ${name}${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    () => {
      let rs: ReadStore;
      beforeEach(async () => {
        rs = await make();
      });
      afterEach(async () => {
        await rs.close();
      });

      /** Each filter finds and counts in `people` the documents of `docs` that matches() says it matches. */
      const agreeWithMatches = async (docs: Doc[], filters: Filter[]) => {
        for (const f of filters) {
          const expected = docs
            .filter((d) => matches(d, f))
            .map((d) => d.id)
            .sort();
          expect((await rs.find('people', f)).map((d) => d.id).sort(), JSON.stringify(f)).toEqual(expected);
          expect(await rs.count('people', f), JSON.stringify(f)).toBe(expected.length);
        }
      };

      const people = [
        { id: 'a', name: 'Ann', age: 30, active: true, tags: { city: 'Leeds' }, centreId: 'c1' },
        { id: 'b', name: 'Bob', age: 25, active: false, tags: { city: 'York' }, centreId: 'c1' },
        { id: 'c', name: 'Cat', age: 35, active: true, tags: { city: 'Leeds' }, centreId: null },
      ];

      it('commits writes with the checkpoint and reads them back', async () => {
        expect(await rs.checkpoint('p')).toBe(0);
        await rs.commit(
          'p',
          0,
          7,
          people.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        expect(await rs.checkpoint('p')).toBe(7);
        expect(await rs.get('people', 'a')).toEqual(people[0]);
        expect(await rs.get('people', 'zzz')).toBeNull();
        await rs.commit('p', 7, 9, [
          { op: 'put', collection: 'people', doc: { ...people[0], age: 31 } },
          { op: 'delete', collection: 'people', id: 'b' },
        ]);
        expect((await rs.get('people', 'a'))?.age).toBe(31);
        expect(await rs.get('people', 'b')).toBeNull();
      });

      it('refuses a commit from a stale checkpoint and writes nothing', async () => {
        await rs.commit('p', 0, 5, [{ op: 'put', collection: 'people', doc: people[0] }]);
        await expect(
          rs.commit('p', 0, 6, [{ op: 'put', collection: 'people', doc: people[1] }]),
        ).rejects.toBeInstanceOf(CheckpointConflictError);
        expect(await rs.get('people', 'b')).toBeNull();
        expect(await rs.checkpoint('p')).toBe(5);
      });

      it('drops the indexes no longer declared, and finds as before', async () => {
        await rs.ensureIndexes('people', ['centreId', 'tags.city', 'centreId+age']);
        await rs.commit(
          'p',
          0,
          1,
          people.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        await rs.dropIndexesExcept('people', ['centreId+age']);
        await rs.dropIndexesExcept('people', ['centreId+age']);
        const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
        expect(ids(await rs.find('people', { 'tags.city': 'Leeds' }, { sort: { age: -1 } }))).toEqual(['c', 'a']);
        expect(ids(await rs.find('people', { centreId: 'c1' }, { sort: { age: 1 } }))).toEqual(['b', 'a']);
        expect(await rs.count('people')).toBe(people.length);
      });

      it('finds with equality, null, dotted paths, operators, sort, skip and limit', async () => {
        await rs.ensureIndexes('people', ['centreId', 'tags.city', 'age']);
        await rs.ensureIndexes('people', ['centreId']);
        await rs.commit(
          'p',
          0,
          1,
          people.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
        expect(ids(await rs.find('people', { active: true }, { sort: { name: 1 } }))).toEqual(['a', 'c']);
        expect(ids(await rs.find('people', { active: false }))).toEqual(['b']);
        expect(ids(await rs.find('people', { centreId: null }))).toEqual(['c']);
        expect(ids(await rs.find('people', { 'tags.city': 'Leeds' }, { sort: { age: -1 } }))).toEqual(['c', 'a']);
        expect(ids(await rs.find('people', { id: { $in: ['a', 'b', 'x'] } }, { sort: { id: 1 } }))).toEqual(['a', 'b']);
        expect(ids(await rs.find('people', { centreId: { $ne: 'c1' } }))).toEqual(['c']);
        expect(ids(await rs.find('people', { age: { $gt: 25 } }, { sort: { age: 1 } }))).toEqual(['a', 'c']);
        expect(ids(await rs.find('people', { age: { $gte: 25 } }, { sort: { age: 1 } }))).toEqual(['b', 'a', 'c']);
        expect(ids(await rs.find('people', { age: { $lt: 35 } }, { sort: { age: 1 } }))).toEqual(['b', 'a']);
        expect(ids(await rs.find('people', { age: { $lte: 25 } }))).toEqual(['b']);
        expect(ids(await rs.find('people', {}, { sort: { age: 1 }, skip: 1, limit: 1 }))).toEqual(['a']);
        expect(ids(await rs.find('people', {}, { sort: { age: 1 }, skip: 1 }))).toEqual(['a', 'c']);
        expect(await rs.count('people', { centreId: 'c1' })).toBe(2);
        expect(await rs.count('people')).toBe(3);
        expect(await rs.find('nothing-here'.replace(/-/g, '_'))).toEqual([]);
      });

      it('agrees with matches() on missing fields, null and operator edge cases, and sorts null first', async () => {
        const docs = [
          ...people,
          { id: 'd', name: 'Dan', age: 40, active: false, tags: {}, centreId: 'c2' },
          { id: 'e', name: 'Eve', active: true },
        ];
        await rs.commit(
          'p',
          0,
          1,
          docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const filters: Filter[] = [
          { centreId: null },
          { centreId: { $ne: null } },
          { centreId: { $ne: 'c1' } },
          { centreId: { $in: [null, 'c2'] } },
          { 'tags.city': null },
          { 'tags.city': { $ne: 'Leeds' } },
          { age: { $gt: 30 } },
          { age: { $lte: 30 } },
          { age: { $lt: 100 } },
          { name: { $gte: 'Bob' } },
          { name: { $lt: 'C' } },
          { active: true, centreId: 'c1' },
          { active: false },
          { nowhere: null },
          { nowhere: { $ne: null } },
          { id: 'e' },
          { id: { $in: [] } },
        ];
        await agreeWithMatches(docs, filters);
        const centres = async (dir: 1 | -1) =>
          (await rs.find('people', {}, { sort: { centreId: dir } })).map((d) => d.centreId ?? null);
        expect(await centres(1)).toEqual([null, null, 'c1', 'c1', 'c2']);
        expect(await centres(-1)).toEqual(['c2', 'c1', 'c1', null, null]);
        expect(await rs.find('people', {}, { limit: 0 })).toEqual([]);
      });

      it('agrees with matches() on $and, $or and $contains, and uses compound indexes (paging)', async () => {
        await rs.ensureIndexes('people', ['centreId+name', 'centreId+age']);
        const docs = [
          ...people,
          { id: 'd', name: 'Dana McBob', age: 40, active: false, tags: {}, centreId: 'c2' },
          { id: 'e', name: 'Eve', active: true, email: 'EVE@Example.org' },
          { id: 'f', name: 42, centreId: 'c1' },
        ];
        await rs.commit(
          'p',
          0,
          1,
          docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const filters: Filter[] = [
          { name: { $contains: 'bob' } },
          { name: { $contains: 'BOB' } },
          { name: { $contains: '4' } },
          { name: { $contains: '' } },
          { name: { $contains: '.*' } },
          { email: { $contains: 'example.ORG' } },
          { $or: [{ name: { $contains: 'an' } }, { email: { $contains: 'eve@' } }] },
          { $or: [] },
          { $and: [] },
          { centreId: 'c1', $and: [{ age: { $gte: 25 } }, { $or: [{ age: { $gt: 25 } }, { id: { $gt: 'b' } }] }] },
          { $and: [{ active: true }, { $or: [{ centreId: null }, { age: { $lt: 31 } }] }] },
          { $or: [{ centreId: 'c1', id: { $lt: 'f' } }, { centreId: { $lt: 'c1' } }, { centreId: null }] },
        ];
        await agreeWithMatches(docs, filters);
        expect((await rs.find('people', { centreId: 'c1' }, { sort: { age: -1 }, limit: 2 })).map((d) => d.id)).toEqual(
          ['a', 'b'],
        );
      });

      it('agrees with matches() on $contains of text written escaped in the stored document, and of keys', async () => {
        const docs: Doc[] = [
          { id: 'q-1', name: 'Said "hi" there', email: 'back\\slash@x.org', centreId: 'c1' },
          { id: 'q-2', name: 'line\nbreak\tand tab', email: 'café@x.org', centreId: 'c1' },
          { id: 'q-3', name: 'smile 😀 now', email: 'control \u0001 character', centreId: 'c1' },
          { id: 'name-4', name: 'Named', email: 'text@x.org', centreId: 'c1', note: 'hidden "hi"' },
          { id: 'q-5', name: 'Plain Bob', email: null, centreId: 'c1', hidden: 'only elsewhere' },
        ];
        await rs.commit(
          'p',
          0,
          1,
          docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const texts = [
          'hi',
          '"hi"',
          'slash',
          'back\\slash',
          'break',
          'line\nbreak',
          'k\ta',
          'n',
          'caf',
          'café',
          'CAFÉ',
          '😀',
          'smile 😀',
          'control',
          '\u0001',
          'l \u0001 c',
          'hidden',
          'elsewhere',
          'name',
          'email',
          'q-',
          'Q-5',
          'u00',
          'text',
          'note',
          '":"',
        ];
        await agreeWithMatches(
          docs,
          texts.flatMap((text): Filter[] => [
            { name: { $contains: text } },
            { centreId: 'c1', email: { $contains: text } },
            { $or: ['name', 'email', 'id'].map((field) => ({ [field]: { $contains: text } })) },
            { centreId: 'c1', $or: ['name', 'email'].map((field) => ({ [field]: { $contains: text } })) },
          ]),
        );
        // Not vacuous: the texts find something, plain and escaped alike.
        expect((await rs.find('people', { name: { $contains: '"hi"' } })).map((d) => d.id)).toEqual(['q-1']);
        expect((await rs.find('people', { name: { $contains: 'k\ta' } })).map((d) => d.id)).toEqual(['q-2']);
        expect(await rs.count('people', { $or: [{ name: { $contains: 'q-' } }, { id: { $contains: 'q-' } }] })).toBe(4);
      });

      const searchFields = ['name', 'email', 'tags.city', 'id'];
      it.each([
        ['an index per field', searchFields.map((f) => searchIndex(f))],
        ['one index of every field', [searchIndex(...searchFields)]],
        [
          'an index of two fields beside one per other field',
          [searchIndex('email', 'name'), searchIndex('tags.city'), searchIndex('id')],
        ],
      ])(
        'answers $contains the same with search indexes (%s), as documents are put, changed and deleted',
        async (_, declared) => {
          const fields = searchFields;
          await rs.ensureIndexes('people', [...declared, 'centreId+name']);
          await rs.ensureIndexes('people', declared);
          const docs: Doc[] = [
            { id: 'Ann-1', name: 'Ann Bobson', email: 'ANN@Example.org', tags: { city: 'Leeds' }, centreId: 'c1' },
            {
              id: 'bob-2',
              name: 'Bob "the" Builder',
              email: 'bob@example.org',
              tags: { city: 'York' },
              centreId: 'c1',
            },
            { id: 'cat-3', name: 'ÉLODIE Straße', email: null, tags: {}, centreId: 'c2' },
            { id: 'dan-4', name: 12345, email: 'dan%_@x.org', tags: { city: 'LEEDS north' } },
            { id: 'eve-5', name: 'bOB', email: 'eve@EXAMPLE.org', centreId: 'c1' },
            { id: 'fay-6', name: 'Kelvin \u212a and ǅ', email: 'fay@example.org ', tags: { city: 'Ann Arbor' } },
            { id: 'gus-7', name: '🦊 fox bob', email: 'line\nbreak@x.org' },
          ];
          await rs.commit(
            'p',
            0,
            1,
            docs.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
          );
          const texts = ['bob', 'BOB', 'bo', 'ann', 'example.org', 'EXAMPLE.ORG ', 'o', '', '"the"', 'the" b', '%_@'];
          texts.push('élodie', 'ÉLODIE', 'straße', 'kelvin \u212a', 'kelvin k', '🦊 f', 'leeds', '123', '1234', 'n\nb');
          texts.push('ann-', '-1', 'B-2', 'fox', 'ob', 'x.o', 'e@e', '  ', '\\', '*', 'NEAR', 'b OR c');
          const agree = async (when: string, current: Doc[]) => {
            for (const text of texts) {
              const filters: Filter[] = [
                ...fields.map((f) => ({ [f]: { $contains: text } })),
                { $or: fields.map((f) => ({ [f]: { $contains: text } })) },
                { centreId: 'c1', $or: [{ name: { $contains: text } }, { email: { $contains: text } }] },
                // Some of the fields of an index of several: those columns of it.
                { $or: [{ 'tags.city': { $contains: text } }, { name: { $contains: text } }] },
                { $or: [{ id: { $contains: text } }, { email: { $contains: text } }, { name: { $contains: text } }] },
              ];
              for (const f of filters) {
                const expected = current
                  .filter((d) => matches(d, f))
                  .map((d) => d.id)
                  .sort();
                const label = `${when}: ${JSON.stringify(f)}`;
                expect((await rs.find('people', f)).map((d) => d.id).sort(), label).toEqual(expected);
                expect(await rs.count('people', f), label).toBe(expected.length);
                const sorted = await rs.find('people', f, { sort: { centreId: 1 }, limit: 2 });
                expect(
                  sorted.map((d) => d.id),
                  label,
                ).toEqual(
                  current
                    .filter((d) => matches(d, f))
                    .sort(compareBy({ centreId: 1, id: 1 }))
                    .slice(0, 2)
                    .map((d) => d.id),
                );
              }
            }
          };
          // A case that matches something, so the loop above is not vacuous.
          expect(await rs.count('people', { name: { $contains: 'BOB' } })).toBe(4);
          await agree('put', docs);
          // Changed (a search field changes, and not), deleted, put again under the same id.
          const changed: Doc[] = [
            { ...docs[0], name: 'Annie Smith' },
            { ...docs[1], centreId: 'c2' },
            { ...docs[3], name: 'dan bobby' },
            { ...docs[4], name: 'Bob' },
            { ...docs[5], tags: 'Ann Arbor' },
            { ...docs[6], email: 'fox@x.org' },
          ];
          await rs.commit('p', 1, 2, [
            ...changed.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
            { op: 'delete', collection: 'people', id: 'cat-3' },
          ]);
          await agree('changed', changed);
          await rs.commit('p', 2, 3, [{ op: 'put', collection: 'people', doc: docs[2] }]);
          await agree('put again', [...changed, docs[2]]);
          // A search index made over documents already there, and one no longer declared.
          await rs.dropIndexesExcept('people', [searchIndex('email')]);
          await agree('dropped', [...changed, docs[2]]);
          await rs.ensureIndexes('people', declared);
          await agree('made again', [...changed, docs[2]]);
          await rs.reset('p', ['people']);
          expect(await rs.count('people', { name: { $contains: 'bob' } })).toBe(0);
          await rs.commit('p', 0, 1, [{ op: 'put', collection: 'people', doc: docs[1] }]);
          await rs.ensureIndexes('people', declared);
          expect((await rs.find('people', { name: { $contains: 'bob' } })).map((d) => d.id)).toEqual(['bob-2']);
        },
      );

      it('reads a typed collection as the collection of its name: get, find with fields and sort, count', async () => {
        interface Person {
          id: string;
          name: string;
          age: number;
          active: boolean;
          tags: { city: string };
          centreId: string | null;
        }
        const typed = collection<Person>('people');
        await rs.commit(
          'p',
          0,
          1,
          people.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const bob: Person | null = await rs.get(typed, 'b');
        expect(bob).toEqual(people[1]);
        expect(await rs.get(typed, 'nobody')).toBeNull();
        const found = await rs.find(typed, { active: true, 'tags.city': 'Leeds' }, { sort: { age: -1 } });
        expect(found.map((p) => p.name)).toEqual(['Cat', 'Ann']);
        const names = await rs.find(typed, { age: { $gte: 30 } }, { sort: { age: 1 }, fields: ['name'] });
        expect(names).toEqual([
          { id: 'a', name: 'Ann' },
          { id: 'c', name: 'Cat' },
        ]);
        expect(await rs.count(typed, { centreId: 'c1' })).toBe(2);
        expect(await typed.from(rs).count({ $or: [{ name: { $contains: 'bo' } }, { centreId: null }] })).toBe(2);
      });

      it('answers only the fields asked for, with the id, a missing one left missing', async () => {
        await rs.commit(
          'p',
          0,
          1,
          people.map((doc) => ({ op: 'put' as const, collection: 'people', doc })),
        );
        const found = await rs.find(
          'people',
          { active: true },
          { sort: { age: -1 }, fields: ['name', 'tags', 'centreId', 'nowhere'] },
        );
        expect(found).toEqual([
          { id: 'c', name: 'Cat', tags: { city: 'Leeds' }, centreId: null },
          { id: 'a', name: 'Ann', tags: { city: 'Leeds' }, centreId: 'c1' },
        ]);
        expect(await rs.find('people', { id: 'b' }, { fields: ['id', 'age'] })).toEqual([{ id: 'b', age: 25 }]);
      });

      it('returns insertion order without a sort and breaks sort ties by id, so pages are stable', async () => {
        const put = (doc: { id: string; group: number }) => ({ op: 'put' as const, collection: 'order', doc });
        const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
        await rs.ensureIndexes('order', ['group']);
        await rs.commit('p', 0, 1, [
          put({ id: 'm', group: 0 }),
          put({ id: 'c', group: 0 }),
          put({ id: 'x', group: 0 }),
        ]);
        // A document put again keeps its place.
        await rs.commit('p', 1, 2, [
          put({ id: 'a', group: 1 }),
          put({ id: 'k', group: 0 }),
          put({ id: 'm', group: 5 }),
        ]);
        expect(ids(await rs.find('order'))).toEqual(['m', 'c', 'x', 'a', 'k']);
        expect(ids(await rs.find('order', {}, { skip: 1, limit: 2 }))).toEqual(['c', 'x']);
        expect(ids(await rs.find('order', { group: 0 }, { limit: 2 }))).toEqual(['c', 'x']);
        // Deleted and put again, it goes to the end.
        await rs.commit('p', 2, 3, [{ op: 'delete', collection: 'order', id: 'c' }]);
        await rs.commit('p', 3, 4, [put({ id: 'c', group: 0 })]);
        expect(ids(await rs.find('order'))).toEqual(['m', 'x', 'a', 'k', 'c']);
        expect(ids(await rs.find('order', {}, { sort: { group: 1 } }))).toEqual(['c', 'k', 'x', 'a', 'm']);
        expect(ids(await rs.find('order', {}, { sort: { group: -1 } }))).toEqual(['m', 'a', 'x', 'k', 'c']);
        expect(ids(await rs.find('order', {}, { sort: { group: 1 }, skip: 1, limit: 2 }))).toEqual(['k', 'x']);
        expect(ids(await rs.find('order', {}, { sort: { group: -1 }, skip: 2, limit: 2 }))).toEqual(['x', 'k']);
        // The order key stays inside the store.
        expect(await rs.get('order', 'm')).toEqual({ id: 'm', group: 5 });
        expect((await rs.find('order', { id: 'm' }))[0]).toEqual({ id: 'm', group: 5 });
      });

      it('resets for a rebuild: the same documents come back, and resetting twice is harmless', async () => {
        const ops = people.map((doc) => ({ op: 'put' as const, collection: 'people', doc }));
        await rs.ensureIndexes('people', ['age', 'tags.city']);
        await rs.commit('p', 0, 4, ops);
        const before = await rs.find('people', {}, { sort: { age: 1 } });
        await rs.reset('p', ['people']);
        await rs.reset('p', ['people', 'never_written']);
        expect(await rs.checkpoint('p')).toBe(0);
        expect(await rs.find('people')).toEqual([]);
        expect(await rs.find('never_written')).toEqual([]);
        await rs.commit('p', 0, 4, ops);
        expect(await rs.find('people', {}, { sort: { age: 1 } })).toEqual(before);
        expect((await rs.find('people')).map((d) => d.id)).toEqual(['a', 'b', 'c']);
        expect((await rs.find('people', { 'tags.city': 'Leeds' }, { sort: { age: -1 } })).map((d) => d.id)).toEqual([
          'c',
          'a',
        ]);
        expect(await rs.checkpoint('p')).toBe(4);
      });

      it('has declared collections before any write, and takes writes to undeclared ones', async () => {
        await rs.ensureIndexes('declared', ['x']);
        expect(await rs.find('declared', {}, { sort: { x: 1 } })).toEqual([]);
        expect(await rs.count('declared')).toBe(0);
        await rs.commit('p', 0, 1, [
          { op: 'put', collection: 'undeclared', doc: { id: 'u', x: 1 } },
          { op: 'put', collection: 'declared', doc: { id: 'd', x: 2 } },
        ]);
        expect(await rs.get('undeclared', 'u')).toEqual({ id: 'u', x: 1 });
        expect(await rs.find('declared')).toEqual([{ id: 'd', x: 2 }]);
      });

      it('resets a projection: its collections and checkpoint are gone, others stay', async () => {
        await rs.commit('p', 0, 3, [{ op: 'put', collection: 'people', doc: people[0] }]);
        await rs.commit('q', 0, 3, [{ op: 'put', collection: 'other', doc: { id: 'x' } }]);
        await rs.reset('p', ['people']);
        expect(await rs.checkpoint('p')).toBe(0);
        expect(await rs.count('people')).toBe(0);
        expect(await rs.checkpoint('q')).toBe(3);
        expect(await rs.get('other', 'x')).toEqual({ id: 'x' });
      });
    },
  );
}
