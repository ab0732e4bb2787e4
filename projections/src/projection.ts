import type { RecordedEvent } from '@panda/events/envelope';
import type { Doc, Filter } from './read-store';

/** What a handler may do with the documents it reads: docs/architecture.md#runner-memory. */
export interface ProjectionContext {
  get(collection: string, id: string): Promise<Doc | null>;
  /** Documents matching `filter`, including the batch's own uncommitted writes (no sort or limit). */
  find(collection: string, filter: Filter): Promise<Doc[]>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

/** A read model built only from events; `_audience` as in docs/architecture.md (`projections/`). */
export interface Projection {
  name: string;
  /** Its read model's shape, 1 when not given (docs/operations.md#a-read-models-first-start). */
  version?: number;
  /** Collections the projection owns, each with the fields to index. */
  collections: Record<string, string[]>;
  /** Event types it reacts to; other events only move its checkpoint. */
  handles: readonly string[];
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> | void;
}

export interface Change {
  collection: string;
  id: string;
  audience: string[];
}

export interface CommittedBatch {
  projection: string;
  position: number;
  changes: Change[];
}
