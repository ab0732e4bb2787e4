import type { z } from 'zod';
import type { EventDefinition } from '@panda/events/define';
import type { RecordedEvent } from '@panda/events/envelope';
import type { catalogue } from '@panda/events/catalogue';
import type { Projection, ProjectionContext } from './projection';

/** As the log holds it: the schema's input (a field with a default may be absent). */
type Stored<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.input<S> } : never;

export type CatalogueEvent = Stored<(typeof catalogue)[number]>;
export type CatalogueEventType = CatalogueEvent['type'];
export type DataOf<T extends CatalogueEventType> = Extract<CatalogueEvent, { type: T }>['data'];
export type Recorded<T extends CatalogueEventType> = RecordedEvent<T, DataOf<T>>;
/** The event types whose data has the fields of F (a handler reading `e.data.accountId`, say). */
export type EventWith<F> = { [T in CatalogueEventType]: DataOf<T> extends F ? T : never }[CatalogueEventType];

/** The events that propose, accept, decline or end a placement. */
export type PlacementEvent = 'PlacementProposed' | 'PlacementAccepted' | 'PlacementDeclined' | 'PlacementEnded';

/** What a handler's promise answers is not used (`update` answers the document, say). */
export type Handler<T extends CatalogueEventType> = (
  event: Recorded<T>,
  ctx: ProjectionContext,
) => void | Promise<unknown>;
export type Handlers = { [T in CatalogueEventType]?: Handler<T> };

export type TypedProjectionSpec = Omit<Projection, 'handles' | 'apply'> & { on: Handlers };

/** A projection of per-event handlers, each taking its event as Recorded<T> (every append passed checkEvent). */
export function defineProjection(spec: TypedProjectionSpec): Projection {
  const handlers = spec.on as Partial<Record<string, Projection['apply']>>;
  return {
    name: spec.name,
    version: spec.version,
    collections: spec.collections,
    handles: Object.keys(spec.on),
    apply: (event, ctx) => handlers[event.type]?.(event, ctx),
  };
}

/** Account ids in order, each once, nulls dropped: a document's `_audience`. */
export const audienceOf = (...ids: (string | null | undefined)[]): string[] => [
  ...new Set(ids.filter((x): x is string => Boolean(x))),
];
