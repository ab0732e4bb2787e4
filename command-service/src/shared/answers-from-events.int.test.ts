import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { completeJobResponse } from '@panda/contracts/training';
import { signOffActionResponse } from '@panda/contracts/signoff';
import type { Login } from '../admin/test-fixtures';
import { jobOfType, place, readyMentor, registeredStudent, signature, vettedCentre } from '../training/test-fixtures';

/**
 * A command answers from its own events and its stream as soon as they are durable: with the
 * projections stopped (read models that stand still), sign-off, countersign and marking a chat read
 * still answer, and answer what happened. The read side catches up afterwards (X-Min-Position).
 */
let app: TestApp;
let mentor: Login;
let student: Login;

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  const centre = await vettedCentre(app, 'North');
  mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  student = await registeredStudent(app, centre, { Boiler_Installs: 3, Boiler_Service: 0, Pipework: 0, Repair: 0 });
  await place(app, student, mentor);
});
afterAll(async () => {
  await app.stop();
});

describe('commands answer without the read models', () => {
  it('signs a card, countersigns it and marks a conversation read while the projections stand still', async () => {
    const job = await jobOfType(app, mentor.token, 'Boiler Installs', student.user.id);
    await app.platform.runner.stop();
    let signed: ReturnType<typeof completeJobResponse.parse>;
    let last: number;
    try {
      const first = completeJobResponse.parse(
        (await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(1), mentor.token)).body,
      );
      expect(first.job).toMatchObject({ id: job.id, Completed_Count: 1, Total_Count: 3, remaining: 2 });
      const second = await app.call('PUT', `/api/jobs/${job.id}/complete`, signature(2), mentor.token);
      expect(second.status).toBe(200);
      signed = completeJobResponse.parse(second.body);
      expect(signed.job).toMatchObject({ Completed_Count: 2, Total_Count: 3, percent: 67, status: 'in_progress' });
      expect(signed.signature).toMatchObject({ mentor_id: mentor.user.id, signature: 'D Clarke' });

      // A sign-off the read models have not seen yet: found through the write side, answered from its stream.
      const path = `/api/signatures/${signed.signature!.signature_id}/confirm`;
      const confirmed = await app.call('POST', path, undefined, student.token);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(signOffActionResponse.parse(confirmed.body)).toMatchObject({
        signature_id: signed.signature!.signature_id,
        trainee_status: 'confirmed',
        trainee_status_label: 'Confirmed by trainee',
        revoked: false,
      });

      for (const text of ['One', 'Two']) {
        const sent = await app.call(
          'POST',
          '/api/messages',
          { Receiver_ID: student.user.id, Message: text },
          mentor.token,
        );
        expect(sent.status).toBe(201);
      }
      const read = await app.call('PATCH', `/api/chat-contacts/${mentor.user.id}/read`, undefined, student.token);
      expect(read.status).toBe(200);
      expect(read.body.marked).toBe(2);
      const again = await app.call('PATCH', `/api/chat-contacts/${mentor.user.id}/read`, undefined, student.token);
      expect(again.body.marked).toBe(0);
      last = read.body.position;
    } finally {
      await app.platform.runner.start();
    }
    // The read side catches up to what the commands answered.
    const detail = await app.call('GET', `/api/jobs/${job.id}`, undefined, student.token, {
      'X-Min-Position': String(last),
    });
    expect(detail.body.job).toMatchObject({ Completed_Count: 2, Total_Count: 3 });
    expect(detail.body.signatures.at(-1)).toMatchObject({
      signature_id: signed.signature!.signature_id,
      trainee_status: 'confirmed',
    });
  });

  it("a lock answers at once, and the locked account's next call waits for it and is refused", async () => {
    const centre = await vettedCentre(app, 'Locked Centre');
    const admin = await app.adminToken();
    await app.platform.runner.stop();
    let next: Promise<Awaited<ReturnType<TestApp['call']>>>;
    try {
      const lock = await app.call(
        'PATCH',
        `/api/admin/users/training_centre/${centre.user.id}/lock`,
        { is_locked: true },
        admin,
      );
      expect(lock.status).toBe(200);
      expect(lock.body).toMatchObject({ account_locked: true });
      // A command (no X-Min-Position) with the locked account's token, sent before the read models have the lock.
      next = app.call('PUT', '/api/profile', { Name: 'Still here', Email: centre.user.Email }, centre.token);
      // Give a call that does not wait the time to answer (it would be let through on the old read model).
      const early = await Promise.race([next, new Promise((r) => setTimeout(() => r(null), 300))]);
      expect(early).toBeNull();
    } finally {
      await app.platform.runner.start();
    }
    expect((await next).status).toBe(401);
  });

  it("a profile change makes the account's next call wait for nothing", async () => {
    const centre = await vettedCentre(app, 'Busy Centre');
    await app.platform.runner.stop();
    // Every wait for a position goes through the runner: none may be asked for while the saves answer.
    const waits = vi.spyOn(app.platform.runner, 'waitFor');
    try {
      for (const Name of ['First', 'Second', 'Third']) {
        const saved = await app.call('PUT', '/api/profile', { Name, Email: centre.user.Email }, centre.token);
        expect(saved.status).toBe(200);
      }
      expect(waits).not.toHaveBeenCalled();
    } finally {
      waits.mockRestore();
      await app.platform.runner.start();
    }
  });
});
