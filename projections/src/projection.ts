import type { RecordedEvent } from '@panda/events/envelope';
import type { Doc, Filter } from './read-store';

/**
 * What a projection may do while applying one event; writes land atomically with the checkpoint.
 * A document from get or find may be the stored one (a rebuild hands them out without copying):
 * a handler puts every document it changes, changes none after putting it, and changes no object
 * that an event or another document also holds (it replaces it with a new one instead).
 */
export interface ProjectionContext {
  get(collection: string, id: string): Promise<Doc | null>;
  /** Documents matching `filter`, including the batch's own uncommitted writes (no sort or limit). */
  find(collection: string, filter: Filter): Promise<Doc[]>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

/**
 * A read model built only from events. Documents may carry `_audience: string[]` (account ids
 * allowed to see them); whoever is in the old or new audience is told when the document changes.
 * Admins are told of every change.
 */
export interface Projection {
  name: string;
  /**
   * The version of its read model's shape (1 when not given). A runner that finds its read model built
   * by another version empties it at start, and the log builds it again (as on a first start).
   */
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
