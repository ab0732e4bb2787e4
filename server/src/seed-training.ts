import { accountByEmail } from '@panda/command-service/accounts/service';
import { acceptPlacement, proposePlacement } from '@panda/command-service/placements/service';
import { ukDateOf, ukTimeOf } from '@panda/contracts/evidence';
import { temporaryPassword as demoPassword } from '@panda/platform/passwords';
import type { DemoLogin, SeedDeps, apiClient } from './seed';
import { NOTIFICATIONS_REACTOR } from '@panda/reactors/notifications/notifications';
import { reactorReached, seedPayouts } from './seed-payouts';
import { ownCommand } from './provision';
import { demoPhoto, recordPreEvidenceCard, uploadPhoto } from './seed-evidence';
import demo from './seed-data.json';

type Call = ReturnType<typeof apiClient>;
const DAY = 86_400_000;

type Login = { token: string; user: { id: string } };

/** The demo mentor's signature of work done at `day`, made at `timestamp`. */
const daveSigns = (day: Date, timestamp: string) => ({
  signature: 'D. Clarke',
  mentorName: 'Dave Clarke',
  date: ukDateOf(day),
  time: ukTimeOf(day),
  timestamp,
});

/** Demo training data through the HTTP API; who and what is in seed-data.json, the order of calls and the dates here. */
export async function seedTraining(
  baseUrl: string,
  call: Call,
  deps: SeedDeps,
  adminEmail: string,
  centre: Login,
  mentor: Login,
): Promise<DemoLogin[]> {
  await call('PUT', '/api/mentor/profile', demo.mentorProfile, mentor.token);

  const students: (Login & { password: string })[] = [];
  for (const s of demo.students) {
    const r = await call<{ temporary_password: string; student: { id: string } }>(
      'POST',
      '/api/register-student',
      s,
      centre.token,
    );
    const login = await call<Login>('POST', '/api/auth/signin', { Email: s.Email, Password: r.temporary_password });
    const password = demoPassword();
    // Changing the password ends the temporary sign-in; the answer carries the new session.
    const changed = await call<Login>(
      'PUT',
      '/api/change-password',
      { currentPassword: r.temporary_password, newPassword: password, confirmPassword: password },
      login.token,
    );
    students.push({ ...changed, password });
  }
  // Registered lately and not signed in yet: the centre sees the invitation waiting (docs/rules.md#centre-caseload).
  await call('POST', '/api/register-student', demo.invited, centre.token);
  const [liam] = students;
  await call('PUT', '/api/students/job-requirements', demo.jobRequirements, liam.token);

  const admin = await accountByEmail(deps, adminEmail);
  if (!admin?.id) return [];
  // 45 days ago, so the cards can be dated over the past month (never before the placement, docs/rules.md#evidence).
  const began = new Date(deps.clock().getTime() - 45 * DAY).toISOString();
  const { placementId } = await proposePlacement(
    deps,
    { studentId: liam.user.id, mentorId: mentor.user.id, notes: demo.placementNotes },
    ownCommand(deps, admin.id, `seed-propose-${liam.user.id}`, began),
  );
  const accepted = await acceptPlacement(
    deps,
    placementId,
    mentor.user.id,
    ownCommand(deps, mentor.user.id, `seed-accept-${placementId}`, began),
  );
  await deps.waitForProjections(accepted.position);

  const jobs = await call<{ id: string; Job_Type: string }[]>(
    'GET',
    `/api/jobs?student_id=${liam.user.id}`,
    undefined,
    mentor.token,
  );
  // Liam's first Boiler Installs card stands as it was signed before evidence was required
  // (docs/rules.md#evidence); the browser journeys sign on his Pipework and Repair jobs.
  const installs = jobs.find((j) => j.Job_Type === 'Boiler Installs');
  if (installs) {
    const day = new Date(deps.clock().getTime() - 40 * DAY);
    day.setUTCHours(11, 0, 0, 0);
    await recordPreEvidenceCard(deps, {
      studentId: liam.user.id,
      mentorId: mentor.user.id,
      job: installs,
      signature: daveSigns(day, day.toISOString()),
      completedAt: day.toISOString(),
    });
  }
  // Signed now (docs/rules.md#evidence) for work done on the days the cards name, over the past month.
  const cards: Record<string, number> = { 'Boiler Installs': 3, 'Boiler Service': 4, Pipework: 2, Repair: 1 };
  let daysAgo = 30;
  let photoIndex = 0;
  for (const job of jobs) {
    for (let i = 0; i < (cards[job.Job_Type] ?? 0); i++) {
      const at = new Date(deps.clock().getTime() - daysAgo-- * DAY);
      at.setUTCHours(15, 30, 0, 0);
      // What the cards evidence (docs/rules.md#evidence) by job type, in turn, with the photos the mentor took.
      const kinds = demo.evidence[job.Job_Type as keyof typeof demo.evidence];
      const { photos, ...evidence } = kinds[i % kinds.length]!;
      const photoIds: string[] = [];
      for (const scene of photos)
        photoIds.push(await uploadPhoto(baseUrl, mentor.token, await demoPhoto(scene, photoIndex++)));
      await call(
        'PUT',
        `/api/jobs/${job.id}/complete`,
        {
          mentor_signature: daveSigns(at, deps.clock().toISOString()),
          completed_at: at.toISOString(),
          ...evidence,
          photo_ids: photoIds,
        },
        mentor.token,
      );
    }
  }
  // The countersign states in the demo (docs/rules.md#trainee-countersign): Liam confirmed his older cards, disputed one Boiler Service
  // card (open in the admin Disputes tab) and has not yet answered the newest ones.
  const signedJobs = await call<{ Job_Type: string; signatures: { signature_id: string }[] }[]>(
    'GET',
    '/api/jobs',
    undefined,
    liam.token,
  );
  const signOffs = signedJobs.flatMap((j) => j.signatures.map((s) => ({ ...s, type: j.Job_Type })));
  const disputed = signOffs.filter((s) => s.type === 'Boiler Service').at(-1);
  const confirmed = signOffs.slice(0, 6).filter((s) => s !== disputed);
  // The first three earn in the period before this one, invoiced and paid; the others in the open period.
  await seedPayouts(
    call,
    deps,
    { adminId: admin.id, mentor: { id: mentor.user.id, token: mentor.token }, studentId: liam.user.id },
    confirmed.slice(0, 3).map((s) => s.signature_id),
    async () => {
      for (const s of confirmed.slice(3))
        await call('POST', `/api/signatures/${s.signature_id}/confirm`, undefined, liam.token);
    },
  );
  // A month lived through: its notices are read; the dispute that follows is new (docs/rules.md#first-sign-in).
  if (await reactorReached(deps, NOTIFICATIONS_REACTOR, await deps.store.headPosition()))
    for (const who of [liam, mentor, centre])
      await call('PATCH', '/api/notifications/mark-all-read', undefined, who.token);
  if (disputed)
    await call('POST', `/api/signatures/${disputed.signature_id}/dispute`, { reason: demo.disputeReason }, liam.token);
  return [{ role: 'student', email: 'student@panda.demo', password: liam.password }];
}
