import { expect } from 'vitest';
import type { RecordedEvent } from '@panda/events/envelope';
import type { Projection, ProjectionContext } from '../projection';
import { matches, type Doc, type Identified } from '../read-store';
import type { Collection } from '../typed-collection';
import type { CatalogueEvent } from '../typed-projection';

/** A catalogue event for a test, with envelope fields to override (time, actor, id, stream). */
export type GivenEvent = CatalogueEvent & Partial<Pick<RecordedEvent, 'eventId' | 'time' | 'actorId' | 'stream'>>;

/** The envelope the n-th given event gets (1-based): position n, one second apart from 2026-01-01. */
export const givenTime = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();

/**
 * Given events, then documents:
 *   await projectionSpec(p).given([...]).then(collection, id, expectedDoc)   // the whole document
 *   await projectionSpec(p).given([...]).then(collection, id, null)          // no such document
 * Events are applied in order, each with position n, eventId `e<n>` and time givenTime(n) unless it
 * names its own, over an in-memory store with the read store's filter semantics. Events the
 * projection does not handle only take a position. (`given` answers a thenable: call `.then`, do not
 * await it.)
 */
export function projectionSpec(projection: Projection) {
  return {
    given(events: GivenEvent[]) {
      let applied: Promise<Map<string, Map<string, Doc>>> | null = null;
      const run = () => (applied ??= project(projection, events));
      return {
        async then<D extends Identified>(collection: Collection<D> | string, id: string, expected: D | null) {
          const docs = await run();
          const name = typeof collection === 'string' ? collection : collection.name;
          expect(docs.get(name)?.get(id) ?? null, `${name}/${id}`).toEqual(expected);
        },
        /** Every document of a collection, in insertion order. */
        async all<D extends Identified = Doc>(collection: Collection<D> | string): Promise<D[]> {
          const docs = await run();
          // A collection's documents are those its projection put (see Collection).
          const stored: Identified[] = [
            ...(docs.get(typeof collection === 'string' ? collection : collection.name)?.values() ?? []),
          ];
          return stored as D[];
        },
      };
    },
  };
}

async function project(projection: Projection, events: GivenEvent[]) {
  const cols = new Map<string, Map<string, Doc>>();
  const col = (name: string) => {
    let m = cols.get(name);
    if (!m) cols.set(name, (m = new Map()));
    return m;
  };
  // Copies in and out, as a store would: a handler never holds a stored document by reference.
  const ctx: ProjectionContext = {
    get: async (c, id) => structuredClone(col(c).get(id) ?? null),
    find: async (c, filter) => structuredClone([...col(c).values()].filter((d) => matches(d, filter))),
    put: (c, doc) => void col(c).set(doc.id, JSON.parse(JSON.stringify(doc))),
    delete: (c, id) => void col(c).delete(id),
  };
  let position = 0;
  for (const { eventId, time, actorId, stream, ...event } of events) {
    position += 1;
    if (!projection.handles.includes(event.type)) continue;
    const recorded: RecordedEvent = {
      eventId: eventId ?? `e${position}`,
      stream: stream ?? 'given',
      streamVersion: position - 1,
      position,
      time: time ?? givenTime(position),
      actorId: actorId ?? null,
      correlationId: `c${position}`,
      commandId: `k${position}`,
      ...event,
    };
    await projection.apply(recorded, ctx);
  }
  return cols;
}
