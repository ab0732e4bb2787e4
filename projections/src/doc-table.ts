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

/**
 * A deep copy of a document exactly as `JSON.parse(JSON.stringify(doc))` gives it (what a store
 * hands back: undefined members dropped, Dates as strings, non-finite numbers as null), several
 * times faster for plain data. The runner keeps documents in this form and hands out copies.
 */
export const jsonCopy = <T extends Doc>(doc: T): T => jsonValue(doc) as T;

/** A copy of JSON data (what jsonCopy made): spread copies a flat object in one step. */
function copyData<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(copyData) as T;
  const out = { ...v } as Record<string, unknown>;
  for (const k in out) {
    const x = out[k];
    if (typeof x === 'object' && x !== null) out[k] = copyData(x);
  }
  return out as T;
}

/** A copy of a document already in JSON form (from jsonCopy or a store): for handing out. */
export const docCopy = <T extends Doc>(doc: T): T => copyData(doc);

/** A value an equality index can hold: what `matches` compares with `===` (undefined counts as null). */
const indexable = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

interface Entry {
  doc: Doc;
  /** Creation order: kept when the document is put again, new when it is deleted and put again. */
  seq: number;
}

interface Bucket {
  ids: Set<string>;
  /** Highest creation order added; an id added below it leaves the set out of order. */
  last: number;
  sorted: boolean;
}

/** Ids by one field's value. */
class FieldIndex {
  readonly buckets = new Map<unknown, Bucket>();
  constructor(readonly path: string) {}

  key(doc: Doc): unknown {
    const v = fieldValue(doc, this.path) ?? null;
    return indexable(v) ? v : undefined;
  }

  add(id: string, doc: Doc, seq: number) {
    const k = this.key(doc);
    if (k === undefined) return;
    const b = this.buckets.get(k);
    if (!b) this.buckets.set(k, { ids: new Set([id]), last: seq, sorted: true });
    else {
      b.ids.add(id);
      if (seq < b.last) b.sorted = false;
      else b.last = seq;
    }
  }

  remove(id: string, doc: Doc) {
    const k = this.key(doc);
    const b = k === undefined ? undefined : this.buckets.get(k);
    if (!b) return;
    b.ids.delete(id);
    if (!b.ids.size) this.buckets.delete(k);
  }
}

/**
 * Documents of one collection in memory, in insertion order (as a store's find without a sort
 * answers: a put keeps a document's place, a delete and a new put move it to the end), with
 * equality indexes built on the first find by a field and kept up to date after.
 */
export class DocTable {
  private readonly entries = new Map<string, Entry>();
  private readonly indexes = new Map<string, FieldIndex>();
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

  /** Stores `doc` as it is: callers hand over a document nobody else changes. */
  set(doc: Doc): void {
    const old = this.entries.get(doc.id);
    const seq = old ? old.seq : this.next++;
    if (old) for (const ix of this.indexes.values()) ix.remove(doc.id, old.doc);
    this.entries.set(doc.id, { doc, seq });
    for (const ix of this.indexes.values()) ix.add(doc.id, doc, seq);
  }

  delete(id: string): void {
    const old = this.entries.get(id);
    if (!old) return;
    for (const ix of this.indexes.values()) ix.remove(id, old.doc);
    this.entries.delete(id);
  }

  /** Every document, in insertion order. */
  *values(): IterableIterator<Doc> {
    for (const e of this.entries.values()) yield e.doc;
  }

  /** Documents matching `filter` (the meaning of `matches`), in insertion order; the stored objects themselves. */
  find(filter: Filter = {}): Doc[] {
    if (typeof filter.id === 'string') {
      const doc = this.entries.get(filter.id)?.doc;
      return doc && matches(doc, filter) ? [doc] : [];
    }
    // An equality on a field narrows the candidates to one index bucket; the filter decides.
    const path = Object.keys(filter).find((k) => !isLogical(k) && (filter[k] === undefined || indexable(filter[k])));
    if (path === undefined) return [...this.values()].filter((d) => matches(d, filter));
    const b = this.index(path).buckets.get(filter[path] ?? null);
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

  private index(path: string): FieldIndex {
    let ix = this.indexes.get(path);
    if (!ix) {
      ix = new FieldIndex(path);
      for (const [id, e] of this.entries) ix.add(id, e.doc, e.seq);
      this.indexes.set(path, ix);
    }
    return ix;
  }
}
