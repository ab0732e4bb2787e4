import type { z } from 'zod';
import type { EventDefinition } from '@panda/events/define';
import type { RecordedEvent } from '@panda/events/envelope';
import type { catalogue } from '@panda/events/catalogue';
import type { Projection, ProjectionContext } from './projection';

/**
 * `{ type, data }` of a catalogue event as the log holds it: the data that passed its schema's
 * check when it was appended (the schema's input: a field with a default may be absent).
 */
type Stored<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.input<S> } : never;

/** Every event of the catalogue, discriminated by `type`. */
export type CatalogueEvent = Stored<(typeof catalogue)[number]>;
export type CatalogueEventType = CatalogueEvent['type'];
export type DataOf<T extends CatalogueEventType> = Extract<CatalogueEvent, { type: T }>['data'];
/** A recorded event of one catalogue type, envelope included. */
export type Recorded<T extends CatalogueEventType> = RecordedEvent<T, DataOf<T>>;

export type Handler<T extends CatalogueEventType> = (
  event: Recorded<T>,
  ctx: ProjectionContext,
) => void | Promise<void>;
/** One handler per event type the projection follows. */
export type Handlers = { [T in CatalogueEventType]?: Handler<T> };

export interface TypedProjectionSpec {
  name: string;
  /** See Projection.version. */
  version?: number;
  /** Collections the projection owns, each with the fields to index. */
  collections: Record<string, string[]>;
  on: Handlers;
}

/**
 * A projection made of small per-event handlers: `handles` is the handlers' event types, and
 * `apply` calls the one for the event's type.
 */
export function defineProjection(spec: TypedProjectionSpec): Projection {
  // The catalogue checks every appended event against its type's schema (checkEvent), so an event
  // of type T read back from the log carries T's data: the handler for T may take it as Recorded<T>.
  const handlers = spec.on as Record<
    string,
    ((event: RecordedEvent, ctx: ProjectionContext) => void | Promise<void>) | undefined
  >;
  return {
    name: spec.name,
    version: spec.version,
    collections: spec.collections,
    handles: Object.keys(spec.on),
    apply(event, ctx) {
      const handler = handlers[event.type];
      return handler?.(event, ctx);
    },
  };
}

/** Account ids in order, each once, nulls dropped: a document's `_audience`. */
export const audienceOf = (...ids: (string | null | undefined)[]): string[] => [
  ...new Set(ids.filter((x): x is string => Boolean(x))),
];
