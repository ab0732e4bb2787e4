import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditorReissuedResponse, auditorRevokedResponse, auditorsResponse } from '@panda/contracts/audit';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { uniqueEmail } from '../admin/test-fixtures';
import { AUDITOR_REVOKED } from '../admin/routes';

/** Auditor accounts (docs/rules.md#auditor-accounts): the admins' list, re-issue and revoke. */

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  admin = await app.adminToken();
});
afterAll(async () => {
  await app.stop();
});

const portalSignIn = (email: string, password: string) =>
  app.call('POST', '/api/admin/auth/signin', { email, password });

/** A provisioned auditor who signed in and chose their own password. */
async function auditor(first: string) {
  const email = uniqueEmail(first.toLowerCase());
  const made = await app.call('POST', '/api/admin/auditors', { email, first_name: first, last_name: 'Checker' }, admin);
  expect(made.status).toBe(201);
  const signin = await portalSignIn(email, made.body.temporary_password);
  expect(signin.status).toBe(200);
  const own = `${first}-own-password-1`;
  const changed = await app.call(
    'PUT',
    '/api/change-password',
    { currentPassword: made.body.temporary_password, newPassword: own, confirmPassword: own },
    signin.body.token,
  );
  expect(changed.status).toBe(200);
  return { id: made.body.auditor.id as string, email, password: own, token: changed.body.token as string };
}

const list = async (query = '') => {
  const r = await app.call('GET', `/api/admin/auditors${query}`, undefined, admin);
  expect(r.status).toBe(200);
  return auditorsResponse.parse(r.body).auditors;
};

describe('GET /api/admin/auditors', () => {
  it('lists every auditor with name, e-mail, created, last sign-in and whether active, newest first', async () => {
    const before = Date.now();
    const ann = await auditor('Ann');
    const never = uniqueEmail('never');
    await app.call('POST', '/api/admin/auditors', { email: never, first_name: 'Nev', last_name: 'Er' }, admin);
    const items = await list();
    expect(items.length).toBeGreaterThanOrEqual(2);
    const [newest, next] = items;
    expect(newest).toMatchObject({
      email: never,
      name: 'Nev Er',
      last_sign_in_at: null,
      active: true,
      temporary_password_unused: true,
    });
    expect(next).toMatchObject({ id: ann.id, email: ann.email, name: 'Ann Checker', active: true });
    expect(next.temporary_password_unused).toBe(false);
    expect(Date.parse(next.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(next.last_sign_in_at!)).toBeGreaterThanOrEqual(Date.parse(next.created_at));
  });

  it('searches by name and e-mail with ?q', async () => {
    const zed = await auditor('Zebedee');
    const found = await list('?q=zebed');
    expect(found.map((a) => a.id)).toEqual([zed.id]);
    expect((await list(`?q=${encodeURIComponent(zed.email.slice(0, 12))}`)).map((a) => a.id)).toContain(zed.id);
    expect(await list('?q=no-such-auditor-anywhere')).toEqual([]);
  });

  it('is for admins only', async () => {
    const ann = await auditor('Gate');
    const mentor = await app.signUp('mentor', uniqueEmail('not-admin'));
    expect((await app.call('GET', '/api/admin/auditors')).status).toBe(401);
    for (const token of [mentor.token, ann.token]) {
      expect((await app.call('GET', '/api/admin/auditors', undefined, token)).status).toBe(403);
      expect((await app.call('POST', `/api/admin/auditors/${ann.id}/reissue`, undefined, token)).status).toBe(403);
      expect((await app.call('POST', `/api/admin/auditors/${ann.id}/revoke`, undefined, token)).status).toBe(403);
    }
    expect((await app.call('POST', `/api/admin/auditors/${ann.id}/revoke`)).status).toBe(401);
  });
});

describe('POST /api/admin/auditors/{id}/reissue', () => {
  it('answers a new temporary password; the old password and every session end', async () => {
    const bob = await auditor('Bob');
    const r = await app.call('POST', `/api/admin/auditors/${bob.id}/reissue`, undefined, admin);
    expect(r.status).toBe(200);
    const answer = auditorReissuedResponse.parse(r.body);
    expect(answer.temporary_password).toMatch(/\S{8,}/);
    expect((await app.call('GET', '/api/auth/validate', undefined, bob.token)).status).toBe(401);
    expect((await portalSignIn(bob.email, bob.password)).status).toBe(401);
    const viaNew = await portalSignIn(bob.email, answer.temporary_password!);
    expect(viaNew.status).toBe(200);
    expect(viaNew.body.user.must_change_password).toBe(true);
    const row = (await list()).find((a) => a.id === bob.id)!;
    expect(row.temporary_password_unused).toBe(true);
  });

  it('answers 404 for an id that is no auditor', async () => {
    const mentor = await app.signUp('mentor', uniqueEmail('mentor-not-auditor'));
    for (const id of ['no-such-account', mentor.user.id]) {
      expect((await app.call('POST', `/api/admin/auditors/${id}/reissue`, undefined, admin)).status).toBe(404);
      expect((await app.call('POST', `/api/admin/auditors/${id}/revoke`, undefined, admin)).status).toBe(404);
    }
  });
});

describe('POST /api/admin/auditors/{id}/revoke', () => {
  it('ends the sessions, refuses later sign-ins with a clear message, keeps the record of what they read', async () => {
    const cy = await auditor('Cy');
    expect((await app.call('GET', '/api/audit/verify', undefined, cy.token)).status).toBe(200);
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/ws/${cy.id}?token=${cy.token}`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));

    const r = await app.call('POST', `/api/admin/auditors/${cy.id}/revoke`, undefined, admin);
    expect(r.status).toBe(200);
    expect(auditorRevokedResponse.parse(r.body)).toMatchObject({ id: cy.id, active: false, changed: true });
    expect(await closed).toBe(4001);
    const ended = await app.call('GET', '/api/audit/verify', undefined, cy.token);
    expect(ended.status).toBe(401);
    expect(ended.body.detail).toBe(AUDITOR_REVOKED);
    const refused = await portalSignIn(cy.email, cy.password);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(AUDITOR_REVOKED);
    // A wrong password is told nothing more.
    expect((await portalSignIn(cy.email, 'not-the-password')).body.detail).toBe('Invalid credentials');
    const row = (await list()).find((a) => a.id === cy.id)!;
    expect(row).toMatchObject({ active: false });
    expect(row.revoked_at).not.toBeNull();
    // What they read stays in the access log.
    const log = await app.call('GET', '/api/audit/access-log?limit=200', undefined, admin);
    expect(log.body.filter((e: { actor_id: string }) => e.actor_id === cy.id).length).toBeGreaterThan(0);
    // Revoking again changes nothing; a re-issue is refused.
    const again = await app.call('POST', `/api/admin/auditors/${cy.id}/revoke`, undefined, admin);
    expect(again.body.changed).toBe(false);
    expect((await app.call('POST', `/api/admin/auditors/${cy.id}/reissue`, undefined, admin)).status).toBe(409);
  });
});
