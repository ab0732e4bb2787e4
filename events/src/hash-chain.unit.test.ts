import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { ChainVerifier, GENESIS_HASH, linkAfter, type ChainFields, type ChainLink } from './hash-chain';

interface Stored {
  position: number;
  fields: ChainFields;
  data: string;
  link: ChainLink;
}

/** Given five events chained in order, as a store writes them. */
function log(n = 5): Stored[] {
  const out: Stored[] = [];
  let prev = GENESIS_HASH;
  for (let i = 1; i <= n; i++) {
    const fields: ChainFields = {
      eventId: `e${i}`,
      stream: `s${i % 2}`,
      streamVersion: Math.floor((i - 1) / 2),
      type: 'Happened',
      time: `2026-03-0${i}T10:00:00.000Z`,
      actorId: 'a1',
      correlationId: `c${i}`,
      commandId: `k${i}`,
    };
    const data = JSON.stringify({ n: i, who: 'Zoë' });
    const link = linkAfter(prev, fields, data);
    out.push({ position: i, fields, data, link });
    prev = link.hash;
  }
  return out;
}

const verify = (events: Stored[]) => {
  const v = new ChainVerifier();
  for (const e of events) if (!v.check(e.position, e.fields, e.data, e.link)) break;
  return v.report();
};

describe('hash chain', () => {
  it('verifies an untouched log and reports its head hash', () => {
    const events = log();
    expect(verify(events)).toEqual({
      ok: true,
      events: 5,
      head_hash: events[4].link.hash,
      first_bad_position: null,
      fault: null,
    });
    expect(verify([])).toEqual({ ok: true, events: 0, head_hash: GENESIS_HASH, first_bad_position: null, fault: null });
  });

  it('detects an altered event at its position', () => {
    const events = log();
    events[2] = { ...events[2], data: JSON.stringify({ n: 99, who: 'Zoë' }) };
    expect(verify(events)).toMatchObject({
      ok: false,
      first_bad_position: 3,
      fault: 'altered',
      head_hash: events[1].link.hash,
    });
  });

  it('detects an altered envelope (actor, time) too', () => {
    const events = log();
    events[1] = { ...events[1], fields: { ...events[1].fields, actorId: 'someone-else' } };
    expect(verify(events)).toMatchObject({ ok: false, first_bad_position: 2, fault: 'altered' });
  });

  it('detects an altered event whose own hashes were recomputed, at the next event', () => {
    const events = log();
    const forged = linkAfter(events[1].link.hash, events[2].fields, '{"n":99}');
    events[2] = { ...events[2], data: '{"n":99}', link: forged };
    expect(verify(events)).toMatchObject({ ok: false, first_bad_position: 4, fault: 'missing_or_reordered' });
  });

  it('detects a deleted event at the event after it', () => {
    const events = log();
    events.splice(2, 1);
    expect(verify(events)).toMatchObject({ ok: false, first_bad_position: 4, fault: 'missing_or_reordered' });
  });

  it('detects two events swapped in the global order', () => {
    const events = log();
    const [a, b] = [events[1], events[2]];
    events[1] = { ...b, position: 2 };
    events[2] = { ...a, position: 3 };
    expect(verify(events)).toMatchObject({ ok: false, first_bad_position: 2, fault: 'missing_or_reordered' });
  });

  it('refuses an event without a hash', () => {
    const events = log();
    const unchained = { ...events[3], link: undefined as unknown as ChainLink };
    const v = new ChainVerifier();
    for (const e of [...events.slice(0, 3), unchained]) if (!v.check(e.position, e.fields, e.data, e.link)) break;
    expect(v.report()).toMatchObject({ ok: false, first_bad_position: 4, fault: 'unchained' });
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: null }], c: 'é' } })).toBe(
      '{"a":{"c":"é","d":[2,{"x":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });
});
