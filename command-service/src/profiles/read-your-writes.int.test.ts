import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import { readyMentor, vettedCentre } from '../training/test-fixtures';
import { fullProfile } from '../admin/test-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
});
afterAll(async () => {
  await app.stop();
});

describe('profile commands answer once the change is in the log', () => {
  it('PUT /api/profile and PUT /api/mentor/profile never wait for the read models; a read with X-Min-Position sees the change', async () => {
    const centre = await vettedCentre(app, 'Before');
    const mentor = await readyMentor(app);
    const deps = app.platform.commandDeps;
    const wait = deps.waitForProjections;
    // Read models that never catch up: a command that waited for them would never answer.
    deps.waitForProjections = () => new Promise(() => {});
    try {
      const r = await app.call('PUT', '/api/profile', { Name: 'After', Email: centre.user.Email }, centre.token);
      expect(r.status).toBe(200);
      expect(r.headers.get('X-Log-Position')).toBe(String(r.body.position));
      const m = await app.call(
        'PUT',
        '/api/mentor/profile',
        { ...fullProfile(), Business_Name: 'Quick Heating', Terms_Agreed: true },
        mentor.token,
      );
      expect(m.status).toBe(200);
      expect(m.body.profile.Business_Name).toBe('Quick Heating');
      deps.waitForProjections = wait;
      const read = (path: string, token: string, position: number) =>
        app.call('GET', path, undefined, token, { 'X-Min-Position': String(position) });
      expect((await read('/api/profile', centre.token, r.body.position)).body.Name).toBe('After');
      expect((await read('/api/mentor/profile-status', mentor.token, m.body.position)).body.business_name).toBe(
        'Quick Heating',
      );
    } finally {
      deps.waitForProjections = wait;
    }
  });
});
