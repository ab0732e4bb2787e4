import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import type { Login } from '@panda/command-service/admin/test-fixtures';
import {
  get,
  jobOfType,
  place,
  readyMentor,
  registeredStudent,
  signature,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';
import { receiptSchema, verifyReceipt } from '@panda/contracts/receipt';
import { NO_CHECKPOINT_YET } from './receipts';

/** docs/rules.md#sign-off-receipts: a sign-off's receipt, who may have it, and that it verifies with the public key. */
let app: TestApp;
let centre: Login;
let otherCentre: Login;
let mentor: Login;
let otherMentor: Login;
let student: Login;
let otherStudent: Login;
let signatureId: string;
let signedAt: number;

const receiptPath = (id: string) => `/api/audit/sign-offs/${encodeURIComponent(id)}/receipt`;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0', PUBLIC_URL: 'https://panda.example' } });
  centre = await vettedCentre(app, 'North Gas Training');
  otherCentre = await vettedCentre(app, 'South Gas Training');
  mentor = await readyMentor(app);
  otherMentor = await readyMentor(app);
  student = await registeredStudent(app, centre, { Boiler_Installs: 2 });
  otherStudent = await registeredStudent(app, otherCentre, { Boiler_Installs: 2 });
  await place(app, student, mentor);
  const job = await jobOfType(app, mentor.token, 'Boiler Installs', student.user.id);
  const signed = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), mentor.token);
  expect(signed.status).toBe(200);
  signatureId = signed.body.signature.signature_id;
  signedAt = signed.body.position;
  await app.platform.commandDeps.waitForProjections(signedAt);
}, 60_000);

afterAll(() => app?.stop());

describe('GET /api/audit/sign-offs/{id}/receipt', () => {
  it('answers 409 while no checkpoint covers the sign-off, then a receipt that verifies with the public key', async () => {
    const before = await get(app, receiptPath(signatureId), student.token);
    expect(before.status).toBe(409);
    expect(before.body.detail).toBe(NO_CHECKPOINT_YET);

    const checkpoint = (await app.platform.checkpointer!.tick())!;
    expect(checkpoint.tree_size).toBeGreaterThanOrEqual(signedAt);
    const res = await get(app, receiptPath(signatureId), student.token);
    expect(res.status).toBe(200);
    const receipt = receiptSchema.parse(res.body);
    expect(receipt.checkpoint).toBe(checkpoint.note);
    expect(receipt.tree_size).toBe(checkpoint.tree_size);
    expect(receipt.signature_id).toBe(signatureId);
    expect(receipt.log_key_name).toBe('panda.example/log');

    const key = await (await fetch(`${app.url}/api/audit/log-key`)).text();
    const result = await verifyReceipt(JSON.stringify(receipt), key);
    expect(result).toMatchObject({ ok: true, facts: { signature_id: signatureId, tree_size: checkpoint.tree_size } });
    // The leaf is the event that recorded this very sign-off: its position and content hash in the log.
    const event = (await app.platform.store.readStream(`account-${student.user.id}`)).find(
      (e) => e.type === 'JobCardSigned' && (e.data as { signatureId?: string }).signatureId === signatureId,
    )!;
    expect(result.ok && result.facts.position).toBe(event.position);
    const proof = await fetch(
      `${app.url}/api/audit/proof/inclusion?position=${event.position}&tree_size=${receipt.tree_size}`,
    );
    const published = await proof.json();
    expect(published).toEqual({
      leaf_index: receipt.leaf_index,
      tree_size: receipt.tree_size,
      leaf_hash: receipt.leaf_hash,
      hashes: receipt.hashes,
    });
  });

  it('is given to the student, the mentor who signed, the centre and admins; to anyone else it is not found', async () => {
    await app.platform.checkpointer!.tick();
    const admin = await app.adminToken();
    for (const token of [student.token, mentor.token, centre.token, admin])
      expect((await get(app, receiptPath(signatureId), token)).status).toBe(200);
    for (const token of [otherStudent.token, otherMentor.token, otherCentre.token]) {
      const res = await get(app, receiptPath(signatureId), token);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Sign-off not found');
    }
    expect((await get(app, receiptPath('no-such-sign-off'), admin)).status).toBe(404);
    expect((await fetch(`${app.url}${receiptPath(signatureId)}`)).status).toBe(401);
  });
});
