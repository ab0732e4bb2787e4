import { randomUUID } from 'node:crypto';
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
import { portfolioResponse, type Portfolio } from '@panda/contracts/portfolio';
import { verifyReceipt } from '@panda/contracts/receipt';
import { accountStream } from '@panda/events/catalogue/accounts';
import { checkEvent } from '@panda/events/catalogue';
import { pdfText } from '@panda/server/testing/pdf-text';

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const WORK_DONE = 'Replaced the diverter valve on a combination boiler and ran a full tightness test';

let app: TestApp;
let centre: Login;
let otherCentre: Login;
let mentor: Login;
let student: Login;
let otherStudent: Login;
let photoHash: string;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0', PUBLIC_URL: 'https://panda.example' } });
  centre = await vettedCentre(app, 'North Gas Training');
  otherCentre = await vettedCentre(app, 'South Gas Training');
  mentor = await readyMentor(app);
  student = await registeredStudent(app, centre, { Boiler_Installs: 3 });
  otherStudent = await registeredStudent(app, otherCentre, { Boiler_Installs: 1 });
  await place(app, student, mentor);
  const job = await jobOfType(app, mentor.token, 'Boiler Installs', student.user.id);
  expect((await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), mentor.token)).status).toBe(200);
  // A second card recorded with evidence and a photo, as the log holds it (the portfolio folds the log).
  photoHash = (await app.platform.queryDeps.blobs.put(TINY_PNG, 'image/png')).hash;
  const data = checkEvent('JobCardSigned', {
    jobId: job.id,
    studentId: student.user.id,
    mentorId: mentor.user.id,
    signature: { ...signature(2).mentor_signature },
    completedAt: signature(2).completed_at,
    completedCount: 2,
    signatureId: randomUUID(),
    evidence: {
      sitePostcode: 'LS6 2AB',
      appliance: { kind: 'boiler', make: 'Worcester', model: 'Greenstar 30i' },
      workDone: WORK_DONE,
      durationMinutes: 95,
      photos: [{ photoId: randomUUID(), sha256: photoHash, dhash: '0f0f0f0f0f0f0f0f' }],
    },
    signedAt: new Date().toISOString(),
  });
  const appended = await app.platform.store.append(
    accountStream(student.user.id),
    [{ type: 'JobCardSigned', data }],
    'any',
    { time: new Date().toISOString(), actorId: mentor.user.id, correlationId: randomUUID(), commandId: randomUUID() },
  );
  await app.platform.commandDeps.waitForProjections(appended.position);
}, 60_000);

afterAll(() => app?.stop());

describe('portfolio', () => {
  it('holds every card with its evidence, criteria, and a receipt that verifies once a checkpoint covers it', async () => {
    const before = portfolioResponse.parse((await get(app, '/api/portfolio.json', student.token)).body);
    expect(before.cards).toHaveLength(2);
    expect(before.cards.every((c) => c.receipt === null && c.receipt_note?.startsWith('No signed checkpoint'))).toBe(
      true,
    );

    await app.platform.checkpointer!.tick();
    const res = await get(app, '/api/portfolio.json', student.token);
    expect(res.status).toBe(200);
    const p: Portfolio = portfolioResponse.parse(res.body);
    expect(p.student.id).toBe(student.user.id);
    expect(p.centre?.id).toBe(centre.user.id);
    expect(p.log.head_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers.get('x-log-head-hash')).toBe(p.log.head_hash);
    const [first, second] = p.cards;
    expect(first.card_number).toBe(1);
    expect(second.evidence).toMatchObject({
      work_done: WORK_DONE,
      site_postcode: 'LS6 2AB',
      appliance: { kind: 'boiler', label: 'Boiler', make: 'Worcester', model: 'Greenstar 30i' },
      duration_minutes: 95,
      photos: [{ sha256: photoHash }],
    });
    expect(second.evidence_note).toBeNull();
    expect(p.criteria.items.find((c) => c.code === 'CENWAT')).toMatchObject({
      evidenced: 2,
      required: 10,
      met: false,
    });
    expect(p.criteria.items.find((c) => c.code === 'CENWAT')?.signature_ids.sort()).toEqual(
      [first.signature_id, second.signature_id].sort(),
    );
    expect(p.criteria.items.find((c) => c.code === 'CKR1')).toMatchObject({ evidenced: 0, signature_ids: [] });
    for (const card of p.cards) {
      expect(card.receipt_link?.startsWith('https://panda.example/verify#receipt=')).toBe(true);
      const result = await verifyReceipt(JSON.stringify(card.receipt), p.log.verifier_key!);
      expect(result).toMatchObject({ ok: true, facts: { position: card.position } });
      expect(card.receipt?.content_hash).toBe(card.event_content_hash);
    }
  });

  it("prints an A4 PDF whose text holds the card's work done, the head hash and page numbers", async () => {
    const res = await fetch(`${app.url}/api/portfolio.pdf`, { headers: { authorization: `Bearer ${student.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = await pdfText(bytes.slice());
    expect(text).toContain(WORK_DONE);
    expect(text).toContain('LS6 2AB');
    expect(text).toContain(res.headers.get('x-log-head-hash')!);
    expect(text).toMatch(/Page 1 of \d+/);
    expect(text).toContain('CENWAT Central heating boilers and water heaters: 2 of 10 cards');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
    const [, , w, h] = (await doc.getPage(1)).view;
    await doc.destroy();
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });

  it('is given to the student, their centre and admins; to anyone else it is not found', async () => {
    const admin = await app.adminToken();
    const of = (ext: string) => `/api/students/${student.user.id}/portfolio.${ext}`;
    for (const token of [centre.token, admin]) {
      expect((await get(app, of('json'), token)).status).toBe(200);
      const pdf = await fetch(`${app.url}${of('pdf')}`, { headers: { authorization: `Bearer ${token}` } });
      expect(pdf.status).toBe(200);
    }
    for (const token of [otherCentre.token, mentor.token, otherStudent.token, student.token]) {
      const res = await get(app, of('json'), token);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Student not found');
    }
    const pdf = await fetch(`${app.url}${of('pdf')}`, { headers: { authorization: `Bearer ${otherCentre.token}` } });
    expect(pdf.status).toBe(404);
    // Only a student has a portfolio of their own; another student's is theirs alone.
    expect((await get(app, '/api/portfolio.json', mentor.token)).status).toBe(404);
    expect((await get(app, '/api/portfolio.json', centre.token)).status).toBe(404);
    const theirs = await get(app, '/api/portfolio.json', otherStudent.token);
    expect(theirs.body.student.id).toBe(otherStudent.user.id);
    expect(theirs.body.cards).toEqual([]);
    expect((await fetch(`${app.url}/api/portfolio.json`)).status).toBe(401);
  });
});
