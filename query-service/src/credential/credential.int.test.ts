import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  compactVerify,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { signInAgain, type Login } from '@panda/command-service/admin/test-fixtures';
import {
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
  type StudentLogin,
} from '@panda/command-service/training/test-fixtures';

/** docs/rules.md#portable-credential: the signed credential, checked the way an outsider would, with jose and the published JWK Set. */

const DAY = 86_400_000;
let now = Date.now();
let app: TestApp;
let admin: string;
let centre: Login;
let otherCentre: Login;
let dave: Login;
let amy: StudentLogin;
let ben: StudentLogin;
const cards: string[] = [];

interface Coverage {
  code: string;
  counted: number;
  required: number;
}
interface Subject {
  complete: boolean;
  criteriaMet: Coverage[];
  criteriaNotMet?: Coverage[];
  countedCards: { signatureId: string }[];
  disputedCards: { signatureId: string }[];
  awaitingCards: { signatureId: string }[];
  result: { resultDescription: string; value: string; status: string }[];
}

const credential = async (token: string, id = amy.user.id) => {
  const head = await app.platform.store.headPosition();
  const res = await fetch(`${app.url}/api/students/${id}/credential`, {
    headers: { authorization: `Bearer ${token}`, 'X-Min-Position': String(head) },
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
};
const jwkSet = async () => (await (await fetch(`${app.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
const jwks = async () => createLocalJWKSet(await jwkSet());
/** The credential's claims once jose has verified its signature against the published keys. */
const verified = async (jws: string) => {
  const { payload, protectedHeader } = await jwtVerify(jws, await jwks(), { typ: 'vc+jwt' });
  expect(protectedHeader.alg).toBe('EdDSA');
  return payload as unknown as { type: string[]; issuer: { id: string }; credentialSubject: Subject };
};
const ccn1 = (s: Subject) => s.result.find((r) => r.resultDescription.endsWith('#CCN1'))!.value;
const ids = (list: { signatureId: string }[]) => list.map((c) => c.signatureId).sort();

beforeAll(async () => {
  app = await startTestApp({
    env: { SEED_DEMO: '0', PUBLIC_URL: 'https://panda.example' },
    overrides: { clock: () => new Date(now) },
  });
  admin = await app.adminToken();
  centre = await vettedCentre(app, 'North');
  otherCentre = await vettedCentre(app, 'South');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, centre, { Boiler_Installs: 0, Boiler_Service: 0, Pipework: 0, Repair: 4 });
  ben = await registeredStudent(app, otherCentre, { First_Name: 'Ben' });
  await place(app, amy, dave);
  const repair = await jobOfType(app, dave.token, 'Repair', amy.user.id);
  for (let n = 1; n <= 4; n++) {
    const r = await app.call('PUT', `/api/jobs/${repair.id}/complete`, signature(n), dave.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    cards.push(r.body.signature.signature_id);
  }
});
afterAll(() => app.stop());

describe('portable credential', () => {
  it('is the student’s, their centre’s and admins’ only', async () => {
    for (const token of [() => amy.token, () => centre.token, () => admin])
      expect((await credential(token())).status).toBe(200);
    for (const token of [dave.token, otherCentre.token, ben.token]) expect((await credential(token)).status).toBe(404);
    expect((await credential('')).status).toBe(401);
    expect((await credential(admin, 'no-such-student')).status).toBe(404);
  });

  it('counts confirmed cards and cards 7 days old without a dispute; a later revocation changes only later credentials', async () => {
    const [confirmed, disputed, upheld, quiet] = cards;
    expect((await app.call('POST', `/api/signatures/${confirmed}/confirm`, undefined, amy.token)).status).toBe(200);
    const dispute = (id: string) =>
      app.call('POST', `/api/signatures/${id}/dispute`, { reason: 'I was not on site that day' }, amy.token);
    expect((await dispute(disputed)).status).toBe(200);

    const first = await credential(amy.token);
    expect(first.type).toMatch(/^application\/vc\+jwt/);
    const header = decodeProtectedHeader(first.body);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt' });
    const keys = await jwkSet();
    expect(keys.keys.map((k) => k.kid)).toContain(header.kid);
    expect(keys.keys.every((k) => !('d' in k))).toBe(true);
    expect(statSync(join(app.dataDir, 'credential-signing-key.jwk')).mode & 0o777).toBe(0o600);

    const vc = await verified(first.body);
    expect(vc.type).toEqual(['VerifiableCredential', 'AchievementCredential']);
    expect(vc.issuer.id).toBe('https://panda.example');
    const s1 = vc.credentialSubject;
    expect(ccn1(s1)).toBe('1');
    expect(s1.complete).toBe(false);
    expect(s1.criteriaNotMet?.find((c) => c.code === 'CCN1')).toEqual({
      code: 'CCN1',
      title: 'Core gas safety',
      counted: 1,
      required: 10,
    });
    expect(ids(s1.countedCards)).toEqual([confirmed]);
    expect(ids(s1.disputedCards)).toEqual([disputed]);
    expect(ids(s1.awaitingCards)).toEqual([upheld, quiet].sort());

    // Eight days on: the unanswered cards count; the disputed one still does not.
    now += 8 * DAY;
    // Sessions end 12 hours on by the server's clock: everyone signs in again.
    await signInAgain(app, centre, otherCentre, dave, amy, ben);
    admin = await app.adminToken();
    const second = await credential(centre.token);
    const s2 = (await verified(second.body)).credentialSubject;
    expect(ccn1(s2)).toBe('3');
    expect(ids(s2.countedCards)).toEqual([confirmed, upheld, quiet].sort());
    expect(s2.awaitingCards).toEqual([]);

    // One counted card is disputed and the dispute upheld (revoked); the other dispute is rejected (it stands).
    expect((await dispute(upheld)).status).toBe(200);
    const resolve = (id: string, outcome: string) =>
      app.call('POST', `/api/admin/disputes/${id}/resolve`, { outcome, reason: 'Checked the site diary' }, admin);
    expect((await resolve(upheld, 'upheld')).status).toBe(200);
    expect((await resolve(disputed, 'rejected')).status).toBe(200);
    const third = await credential(admin);
    const s3 = (await verified(third.body)).credentialSubject;
    expect(ids(s3.countedCards)).toEqual([confirmed, disputed, quiet].sort());
    expect(s3.disputedCards).toEqual([]);
    expect(JSON.stringify(s3)).not.toContain(upheld);
    // The earlier credential is as it was signed, and still verifies.
    expect(ccn1((await verified(second.body)).credentialSubject)).toBe('3');
    expect(ids((await verified(second.body)).credentialSubject.countedCards)).toContain(upheld);
  });

  it('verifies with compactVerify, and not once altered or checked against another key', async () => {
    const { body } = await credential(amy.token);
    const keys = await jwks();
    const { payload } = await compactVerify(body, keys);
    expect(JSON.parse(new TextDecoder().decode(payload)).credentialSubject.name).toBe('Amy Pond');

    const [h, p, sig] = body.split('.');
    const json = Buffer.from(p, 'base64url').toString('utf8').replace('"complete":false', '"complete":true');
    await expect(compactVerify(`${h}.${Buffer.from(json).toString('base64url')}.${sig}`, keys)).rejects.toThrow();

    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const otherSet = createLocalJWKSet({
      keys: [{ ...(await exportJWK(other.publicKey)), kid: decodeProtectedHeader(body).kid, alg: 'EdDSA' }],
    });
    await expect(compactVerify(body, otherSet)).rejects.toThrow();
  });
});
