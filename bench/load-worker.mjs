// Load generator for bench/commands.ts, run in a worker thread so that it does not share the
// server's event loop: `connections` keep-alive connections, each sending its own requests one
// after the other until the deadline. Plain JS (a worker starts without tsx).
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, method, durationMs, warmupMs, connections } = workerData;

function send(agent, conn, i) {
  const body = Buffer.from(JSON.stringify(conn.bodies[i % conn.bodies.length]));
  return new Promise((resolve) => {
    const req = request(
      url + conn.path,
      {
        method,
        agent,
        headers: { ...conn.headers, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function run(conn, until, record) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; performance.now() < until; i++) {
    const t = performance.now();
    const status = await send(agent, conn, i);
    record(status, performance.now() - t);
  }
  agent.destroy();
}

const warmEnd = performance.now() + warmupMs;
await Promise.all(connections.map((c) => run(c, warmEnd, () => {})));
const latencies = [];
let errors = 0;
const start = performance.now();
await Promise.all(
  connections.map((c) =>
    run(c, start + durationMs, (status, ms) => (status >= 200 && status < 300 ? latencies.push(ms) : (errors += 1))),
  ),
);
const elapsed = performance.now() - start;
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
parentPort.postMessage({
  rps: (latencies.length / elapsed) * 1000,
  ok: latencies.length,
  errors,
  p50: at(0.5),
  p99: at(0.99),
});
