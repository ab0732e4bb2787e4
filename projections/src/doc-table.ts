import { fieldValue, isLogical, matches, type Doc, type Filter } from './read-store';

const plain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

function copyObject(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in v) {
    if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
    const x = jsonValue(v[k]);
    if (x === undefined) continue;
    if (k === '__proto__')
      Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
    else out[k] = x;
  }
  return out;
}

/** JSON's value of `v` (undefined where JSON.stringify leaves the member out). */
function jsonValue(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'object': {
      if (v === null) return null;
      if (Array.isArray(v)) {
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = jsonValue(v[i]) ?? null;
        return out;
      }
      if (plain(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function')
        return copyObject(v as Record<string, unknown>);
      // Dates, class instances, boxed values: what the JSON round trip gives.
      const text = JSON.stringify(v);
      return text === undefined ? undefined : JSON.parse(text);
    }
    case 'bigint':
      return JSON.stringify(v); // throws, as the store's JSON.stringify would
    default:
      return undefined; // functions, symbols, undefined
  }
}

/** `JSON.parse(JSON.stringify(doc))`, what a store hands back, several times faster for plain data. */
export const jsonCopy = <T extends Doc>(doc: T): T => jsonValue(doc) as T;

/** Whether `v` is already what a JSON round trip gives back (so JSON text and the value agree). */
function isJson(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (v[i] === undefined || !isJson(v[i])) return false;
        return true;
      }
      if (!plain(v) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
      for (const k in v) if (!isJson((v as Record<string, unknown>)[k])) return false;
      return true;
    }
    default:
      return false;
  }
}

/** `doc` itself when it is JSON data already, else its jsonCopy (for a document handed over for good). */
export const asJson = <T extends Doc>(doc: T): T => (isJson(doc) ? doc : jsonCopy(doc));

/**
 * asJson for a document replacing `stored` (or `stored` changed in place): a field holding the very
 * object or list `stored` held is taken as JSON data, so `{ ...job, signatures }` costs the same however long the list.
 */
export function asJsonReplacing<T extends Doc>(doc: T, stored: Doc): T {
  for (const k in doc) {
    const v: unknown = doc[k];
    if (typeof v === 'object' && v !== null && v === stored[k] ? !Array.isArray(v) && !plain(v) : !isJson(v))
      return jsonCopy(doc);
  }
  return doc;
}

/** asJson for a document that was JSON data and has since been changed in place: only its own fields are looked at. */
export const asJsonChanged = <T extends Doc>(doc: T): T => asJsonReplacing(doc, doc);

/** A copy of a document already in JSON form (from jsonCopy or a store): for handing out. */
export function docCopy<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(docCopy) as T;
  const out = { ...v } as Record<string, unknown>;
  for (const k in out) {
    const x = out[k];
    if (typeof x === 'object' && x !== null) out[k] = docCopy(x);
  }
  return out as T;
}

/** A value an equality index can hold: what `matches` compares with `===` (undefined counts as null). */
const indexable = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

interface Entry {
  doc: Doc;
  /** Creation order: kept when the document is put again, new when it is deleted and put again. */
  seq: number;
  /** Its key in each index as of its last put (the document may since have been changed in place). */
  keys: unknown[];
}

interface Bucket {
  ids: Set<string>;
  /** Highest creation order added; an id added below it leaves the set out of order. */
  last: number;
  sorted: boolean;
}

/** undefined: a value no equality matches. */
function indexKey(values: unknown[]): unknown {
  for (const v of values) if (!indexable(v)) return undefined;
  return values.length === 1 ? values[0] : JSON.stringify(values);
}

const NO_KEYS: unknown[] = [];

class FieldIndex {
  readonly buckets = new Map<unknown, Bucket>();
  constructor(readonly paths: string[]) {}

  key(doc: Doc): unknown {
    return indexKey(this.paths.map((p) => fieldValue(doc, p) ?? null));
  }

  add(id: string, k: unknown, seq: number) {
    if (k === undefined) return;
    const b = this.buckets.get(k);
    if (!b) this.buckets.set(k, { ids: new Set([id]), last: seq, sorted: true });
    else {
      b.ids.add(id);
      if (seq < b.last) b.sorted = false;
      else b.last = seq;
    }
  }

  remove(id: string, k: unknown) {
    const b = k === undefined ? undefined : this.buckets.get(k);
    if (!b) return;
    b.ids.delete(id);
    if (!b.ids.size) this.buckets.delete(k);
  }
}

/** A collection in memory, in insertion order, with equality indexes built on the first find by a field. */
export class DocTable {
  private readonly entries = new Map<string, Entry>();
  private readonly indexes: FieldIndex[] = [];
  private readonly indexByName = new Map<string, number>();
  private next = 0;

  get size(): number {
    return this.entries.size;
  }

  get(id: string): Doc | undefined {
    return this.entries.get(id)?.doc;
  }

  seq(id: string): number | undefined {
    return this.entries.get(id)?.seq;
  }

  /** Stores `doc` as it is (perhaps the stored document itself, changed in place). */
  set(doc: Doc): void {
    this.store(doc, this.entries.get(doc.id));
  }

  /** Stores `keep(doc, stored)`: set with one lookup of the id. */
  replace(doc: Doc, keep: (doc: Doc, stored: Doc | undefined) => Doc): void {
    const old = this.entries.get(doc.id);
    this.store(keep(doc, old?.doc), old);
  }

  private store(doc: Doc, old: Entry | undefined): void {
    if (old) {
      old.doc = doc;
      for (let i = 0; i < this.indexes.length; i++) {
        const k = this.indexes[i].key(doc);
        if (k === old.keys[i]) continue;
        this.indexes[i].remove(doc.id, old.keys[i]);
        this.indexes[i].add(doc.id, k, old.seq);
        old.keys[i] = k;
      }
      return;
    }
    // No index yet (most tables of a rebuild): the entries share one empty list until one is made.
    const keys = this.indexes.length ? this.indexes.map((ix) => ix.key(doc)) : NO_KEYS;
    const entry: Entry = { doc, seq: this.next++, keys };
    this.entries.set(doc.id, entry);
    for (let i = 0; i < this.indexes.length; i++) this.indexes[i].add(doc.id, entry.keys[i], entry.seq);
  }

  delete(id: string): void {
    const old = this.entries.get(id);
    if (!old) return;
    for (let i = 0; i < this.indexes.length; i++) this.indexes[i].remove(id, old.keys[i]);
    this.entries.delete(id);
  }

  *values(): IterableIterator<Doc> {
    for (const e of this.entries.values()) yield e.doc;
  }

  /** The stored documents matching `filter`, from one bucket of an index on its equalities. */
  find(filter: Filter = {}): Doc[] {
    if (typeof filter.id === 'string') {
      const doc = this.entries.get(filter.id)?.doc;
      return doc && matches(doc, filter) ? [doc] : [];
    }
    const paths = Object.keys(filter)
      .filter((k) => !isLogical(k) && (filter[k] === undefined || indexable(filter[k])))
      .sort();
    if (!paths.length) return [...this.values()].filter((d) => matches(d, filter));
    const b = this.index(paths).buckets.get(indexKey(paths.map((p) => filter[p] ?? null)));
    if (!b) return [];
    if (!b.sorted) {
      const seq = (id: string) => (this.entries.get(id) as Entry).seq;
      b.ids = new Set([...b.ids].sort((x, y) => seq(x) - seq(y)));
      b.last = seq([...b.ids].at(-1) as string);
      b.sorted = true;
    }
    const out: Doc[] = [];
    for (const id of b.ids) {
      const doc = (this.entries.get(id) as Entry).doc;
      if (matches(doc, filter)) out.push(doc);
    }
    return out;
  }

  private index(paths: string[]): FieldIndex {
    const name = paths.join('\u0000');
    let i = this.indexByName.get(name);
    if (i === undefined) {
      const ix = new FieldIndex(paths);
      i = this.indexes.push(ix) - 1;
      this.indexByName.set(name, i);
      for (const [id, e] of this.entries) {
        if (e.keys === NO_KEYS) e.keys = [];
        e.keys[i] = ix.key(e.doc);
        ix.add(id, e.keys[i], e.seq);
      }
    }
    return this.indexes[i];
  }
}
