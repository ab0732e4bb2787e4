import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHistoryResponse } from '@panda/contracts/accounts';
import { startTestApp, type TestApp } from '@panda/server/testing/harness';
import {
  get,
  place,
  readyMentor,
  registeredStudent,
  vettedCentre,
} from '@panda/command-service/training/test-fixtures';

/**
 * The admin's account History has the placements the auditor's timeline has (the student's, the
 * mentor's and the student's centre's): one history (docs/rules.md#one-unit-one-name).
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.stop());

describe('account history includes placements', () => {
  it('lists a proposed, accepted and ended placement for the student, the mentor and the centre', async () => {
    const admin = await app.adminToken();
    const centre = await vettedCentre(app, 'History Gas Academy');
    const mentor = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
    const student = await registeredStudent(app, centre, { First_Name: 'Amy', Last_Name: 'Pond' });
    const placementId = await place(app, student, mentor);
    const ended = await app.call(
      'PATCH',
      `/api/admin/placements/${placementId}`,
      { status: 'cancelled', notes: 'Moved away' },
      admin,
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);

    for (const [role, id] of [
      ['student', student.user.id],
      ['mentor', mentor.user.id],
      ['training_centre', centre.user.id],
    ] as const) {
      const r = await get(app, `/api/admin/users/${role}/${id}/history`, admin);
      expect(r.status).toBe(200);
      const history = accountHistoryResponse.parse(r.body).history.filter((h) => h.placement);
      expect(
        history.map((h) => [h.action, h.reason, h.placement?.status]),
        role,
      ).toEqual([
        ['placement_ended', 'Moved away', 'cancelled'],
        ['placement_accepted', null, null],
        ['placement_proposed', null, null],
      ]);
      expect(history[0].placement).toMatchObject({
        id: placementId,
        student_name: 'Amy Pond',
        mentor_name: 'Dave Clarke',
      });
    }

    // The auditor's timeline of the mentor has the same placement events.
    const timeline = await get(app, `/api/audit/accounts/${mentor.user.id}/timeline`, admin);
    expect(timeline.status).toBe(200);
    const actions = timeline.body.timeline as { action: string }[];
    expect(actions.filter((e) => e.action.startsWith('placement_')).map((e) => e.action)).toEqual([
      'placement_proposed',
      'placement_accepted',
      'placement_ended',
    ]);
  });
});
