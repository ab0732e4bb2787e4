// HTTP client of bench/lists.ts, on a worker thread of its own: the calls it times are served by the
// platform's main thread, which then does only the server's work (a client in the same event loop adds
// its own parsing and garbage to the time of every answer, more for big pages than for the baseline).
// Plain JS (a worker starts without tsx). Each message asks one thing and gets one answer:
// - { get: { path, token } } -> { status, bytes, link, total }
// - { measure: { validate: { path, token }, call: { path, token }, warmup, runs } }
//     -> { times, base, bytes, total, status }: validate and the call one after the other, `runs` times, each timed.
// A `{n}` in a path is replaced by a number that grows with each call: a new search text each time.
import { parentPort, workerData } from 'node:worker_threads';

const { url, gapMs } = workerData;

/** A path on the client's server, or a whole URL (a floor's call timed beside the platform's validate). */
async function get({ path, token }) {
  const res = await fetch(/^https?:/.test(path) ? path : url + path, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, bytes, link: res.headers.get('Link'), total: res.headers.get('X-Total-Count') };
}

/**
 * Each timed request waits `gapMs` first, so that it starts on an idle server: the work the previous
 * answer left behind (its garbage, collected after it was sent) is then timed in neither call. Without
 * the gap it fell on whichever came next, mostly the validate beside a big page, and the ratios looked
 * better than they are.
 */
let fresh = 0;
async function timed(req) {
  const call = req.path.includes('{n}') ? { ...req, path: req.path.replaceAll('{n}', String(fresh++)) } : req;
  await new Promise((resolve) => setTimeout(resolve, gapMs));
  const t = performance.now();
  const r = await get(call);
  const ms = performance.now() - t;
  if (r.status < 200 || r.status >= 300) throw new Error(`${call.path}: ${r.status}`);
  return { ms, r };
}

async function measure({ validate, call, warmup, runs }) {
  for (let i = 0; i < warmup; i++) {
    await timed(validate);
    await timed(call);
  }
  const times = [];
  const base = [];
  let last;
  for (let i = 0; i < runs; i++) {
    base.push((await timed(validate)).ms);
    const { ms, r } = await timed(call);
    times.push(ms);
    last = r;
  }
  return { times, base, bytes: last?.bytes ?? 0, total: last?.total ?? null };
}

parentPort.on('message', async ({ id, get: g, measure: m }) => {
  try {
    parentPort.postMessage({ id, ok: g ? await get(g) : await measure(m) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
