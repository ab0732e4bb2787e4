/**
 * The distributed stack's definition, checked without a Docker engine (none here): docker-compose.yml
 * and the Dockerfile parse, and say what operations rely on (docs/operations.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');

interface Service {
  /** Built from the Dockerfile (whose base image is pinned) rather than pulled. */
  build?: unknown;
  image?: string;
  command?: string[];
  restart?: string;
  init?: boolean;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const NODE_SERVICES = ['command-service', 'query-service', 'projections'];
const { services } = compose;
const healthTest = (name: string) => (services[name].healthcheck?.test ?? []).join(' ');
/** An exact version: name:1.2.3 (a suffix such as -alpine is fine), never latest or a bare major. */
const pinned = (image: string) => /:\d+\.\d+\.\d+(-[\w.-]+)?$/.test(image);

describe('docker-compose.yml', () => {
  it('pins every image, with KurrentDB at 25.1 or later (multi-stream appends)', () => {
    for (const [name, s] of Object.entries(services))
      if (!s.build) expect(pinned(s.image ?? ''), `${name}: ${s.image}`).toBe(true);
    const [major, minor] = services.kurrentdb.image!.split(':')[1].split('.').map(Number);
    expect(major > 25 || (major === 25 && minor >= 1)).toBe(true);
  });

  it('restarts every service unless it was stopped', () => {
    for (const [name, s] of Object.entries(services))
      expect(['unless-stopped', 'on-failure', 'always'], name).toContain(s.restart);
  });

  it('health-checks KurrentDB for a leader and MongoDB for a writable primary', () => {
    expect(healthTest('kurrentdb')).toMatch(/\/info/);
    expect(healthTest('kurrentdb')).toMatch(/leader/);
    expect(healthTest('mongodb')).toMatch(/isWritablePrimary/);
  });

  it('starts the Node services on healthy stores, as Node itself under an init process, on all interfaces', () => {
    for (const name of NODE_SERVICES) {
      const s = services[name];
      expect(s.depends_on, name).toEqual({
        kurrentdb: { condition: 'service_healthy' },
        mongodb: { condition: 'service_healthy' },
      });
      expect(s.init, name).toBe(true);
      expect(s.command?.slice(0, 3), name).toEqual(['node', '--import', 'tsx']);
      expect(s.environment?.HOST, name).toBe('0.0.0.0');
    }
  });

  it('opens the gateway only once the services it routes to are healthy', () => {
    expect(services.gateway.depends_on).toEqual({
      'command-service': { condition: 'service_healthy' },
      'query-service': { condition: 'service_healthy' },
    });
    expect(healthTest('command-service')).toMatch(/localhost:3001/);
    expect(healthTest('query-service')).toMatch(/localhost:3000\/api\/health/);
  });

  it('keeps mail written without SMTP in a volume, on the service that runs the mail reactor', () => {
    expect(services.projections.volumes).toContain('mail-outbox:/app/data/outbox');
    expect(compose.volumes).toHaveProperty('mail-outbox');
  });
});

describe('Dockerfile', () => {
  it('pins Node, listens on all interfaces, and runs Node directly', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThan(0);
    for (const image of froms) expect(pinned(image), image).toBe(true);
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", /m);
    expect(dockerfile).toMatch(/mkdir -p \/app\/data\/outbox/);
  });
});
