import { accountByEmail } from '@panda/command-service/accounts/service';
import { acceptPlacement, proposePlacement } from '@panda/command-service/placements/service';
import { ukDateOf, ukTimeOf } from '@panda/contracts/evidence';
import { temporaryPassword as demoPassword } from '@panda/platform/passwords';
import type { DemoLogin, SeedDeps, apiClient } from './seed';
import { NOTIFICATIONS_REACTOR } from '@panda/reactors/notifications/notifications';
import { reactorReached, seedPayouts } from './seed-payouts';
import { ownCommand } from './provision';
import { demoPhoto, recordPreEvidenceCard, uploadPhoto, type DemoScene } from './seed-evidence';

type Call = ReturnType<typeof apiClient>;
const DAY = 86_400_000;

interface DemoEvidence {
  site_postcode: string;
  appliance: { kind: string; make: string | null; model: string | null };
  work_done: string;
  duration_minutes: number;
  photos: DemoScene[];
}

/** What the demo's cards evidence (docs/rules.md#evidence) by job type, in turn, with the photos the mentor took. */
const DEMO_EVIDENCE: Record<string, DemoEvidence[]> = {
  'Boiler Installs': [
    {
      site_postcode: 'M14 6HR',
      appliance: { kind: 'boiler', make: 'Worcester Bosch', model: 'Greenstar 4000' },
      work_done:
        'Removed the old back boiler and fitted a combi on the kitchen wall; flushed the system and commissioned it.',
      duration_minutes: 420,
      photos: [
        { caption: 'New combi on the kitchen wall', hue: 30 },
        { caption: 'Flue terminal, 300 mm from the window', hue: 200 },
      ],
    },
    {
      site_postcode: 'M33 7XW',
      appliance: { kind: 'boiler', make: 'Ideal', model: 'Logic Max System 2' },
      work_done:
        'Swapped a floor-standing boiler for a system boiler in the airing cupboard; new condensate run to the stack.',
      duration_minutes: 480,
      photos: [{ caption: 'System boiler in the airing cupboard', hue: 60 }],
    },
  ],
  'Boiler Service': [
    {
      site_postcode: 'M20 4QB',
      appliance: { kind: 'boiler', make: 'Vaillant', model: 'ecoTEC plus' },
      work_done:
        'Annual service: checked the flue, burner and gas rate; cleaned the condensate trap and recorded the readings.',
      duration_minutes: 75,
      photos: [{ caption: 'Burner and heat exchanger after cleaning', hue: 120 }],
    },
    {
      site_postcode: 'M16 8HJ',
      appliance: { kind: 'water_heater', make: 'Ariston', model: 'Fast Evo' },
      work_done:
        'Serviced an instantaneous water heater: cleaned the pilot and burner, checked the flue and the working pressure.',
      duration_minutes: 60,
      photos: [],
    },
  ],
  Pipework: [
    {
      site_postcode: 'SK4 2LT',
      appliance: { kind: 'pipework', make: null, model: null },
      work_done: 'Ran a new 22 mm gas supply to the cooker point, clipped it and carried out a tightness test.',
      duration_minutes: 180,
      photos: [{ caption: 'New 22 mm supply, clipped', hue: 160 }],
    },
    {
      site_postcode: 'M21 9PL',
      appliance: { kind: 'cooker', make: 'Stoves', model: 'Sterling 1000' },
      work_done:
        'Connected a range cooker on a bayonet hose with a stability chain; checked every burner and the oven flame picture.',
      duration_minutes: 120,
      photos: [{ caption: 'Bayonet connection and stability chain', hue: 280 }],
    },
  ],
  Repair: [
    {
      site_postcode: 'M19 1DZ',
      appliance: { kind: 'gas_fire', make: 'Valor', model: 'Homeflame' },
      work_done: 'Replaced the thermocouple on a gas fire that would not stay lit; spillage test passed.',
      duration_minutes: 90,
      photos: [{ caption: 'Gas fire after the spillage test', hue: 0 }],
    },
  ],
};
type Login = { token: string; user: { id: string } };

const STUDENTS = [
  {
    First_Name: 'Liam',
    Last_Name: 'Turner',
    Email: 'student@panda.demo',
    Phone_Number: '07700900101',
    Postcode: 'M14 5AB',
    Date_Of_Birth: '2003-04-12',
  },
  {
    First_Name: 'Chloe',
    Last_Name: 'Patel',
    Email: 'chloe.patel@panda.demo',
    Phone_Number: '07700900102',
    Postcode: 'M20 2RN',
    Boiler_Installs: 12,
    Repair: 6,
  },
  {
    First_Name: 'Noah',
    Last_Name: 'Bennett',
    Email: 'noah.bennett@panda.demo',
    Phone_Number: '07700900103',
    Postcode: 'SK4 1AA',
    Pipework: 10,
  },
];

/** Registered lately and not signed in yet: the centre sees the invitation waiting (docs/rules.md#centre-caseload). */
const INVITED = {
  First_Name: 'Mia',
  Last_Name: 'Roberts',
  Email: 'mia.roberts@panda.demo',
  Phone_Number: '07700900104',
  Postcode: 'M13 9PL',
};

/**
 * Demo training data through the HTTP API: the mentor's business profile, three students
 * registered by the centre (each signed in once to choose a random demo password) and a fourth whose
 * invitation waits, the first one
 * with training goals, placed with the mentor (admin proposes, mentor accepts) and several signed
 * job cards: one signed before evidence was required, the others with their evidence and most with
 * photos, so the default criteria template is partly met (docs/rules.md#criteria).
 */
export async function seedTraining(
  baseUrl: string,
  call: Call,
  deps: SeedDeps,
  adminEmail: string,
  centre: Login,
  mentor: Login,
): Promise<DemoLogin[]> {
  await call(
    'PUT',
    '/api/mentor/profile',
    {
      Business_Name: 'Clarke Heating & Gas Ltd',
      Business_Postcode: 'M4 1AA',
      Business_Phone_Number: '0161 496 0000',
      Business_Email: 'office@clarke-heating.demo',
      Gas_Safe_Registration_Number: '598213',
      VAT_Registered: true,
      Business_Type: 'Limited Company',
      Qualified_Boilers: true,
      Qualified_Cookers: true,
      Qualified_Gas_Fires: true,
      Qualified_Gas_Meters: false,
      Qualified_LPG: false,
      Qualified_Commercial: false,
      Additional_Information: 'Domestic installs and servicing across south Manchester; happy to take two trainees.',
      Referral_Source: 'Word of Mouth',
      Terms_Agreed: true,
    },
    mentor.token,
  );

  const students: (Login & { password: string })[] = [];
  for (const s of STUDENTS) {
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
  await call('POST', '/api/register-student', INVITED, centre.token);
  const [liam] = students;
  await call(
    'PUT',
    '/api/students/job-requirements',
    {
      boiler_installs_required: 6,
      boiler_service_required: 4,
      pipework_required: 5,
      repair_required: 3,
      additional_requirements: 'Would like some combi boiler installs if possible.',
    },
    liam.token,
  );

  const admin = await accountByEmail(deps, adminEmail);
  if (!admin?.id) return [];
  // The placement began 45 days ago, so the demo's cards can be dated over the past month: a card's
  // work date is never before the placement was accepted (docs/rules.md#evidence). Proposed and
  // accepted as of that day through the same commands the API runs.
  const began = new Date(deps.clock().getTime() - 45 * DAY).toISOString();
  const { placementId } = await proposePlacement(
    deps,
    {
      studentId: liam.user.id,
      mentorId: mentor.user.id,
      notes: 'Lives 3 miles from the mentor; both free on weekdays.',
    },
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
      signature: {
        signature: 'D. Clarke',
        mentorName: 'Dave Clarke',
        date: ukDateOf(day),
        time: ukTimeOf(day),
        timestamp: day.toISOString(),
      },
      completedAt: day.toISOString(),
    });
  }
  // The mentor writes up the month's cards now: the server records each signing time as now (its own
  // clock, docs/rules.md#evidence) and so does the device (`timestamp`); the work was done on the days
  // the cards name, over the past month, with the photos taken there uploaded as the web app does.
  const cards: Record<string, number> = { 'Boiler Installs': 3, 'Boiler Service': 4, Pipework: 2, Repair: 1 };
  let daysAgo = 30;
  let photoIndex = 0;
  for (const job of jobs) {
    for (let i = 0; i < (cards[job.Job_Type] ?? 0); i++) {
      const at = new Date(deps.clock().getTime() - daysAgo-- * DAY);
      at.setUTCHours(15, 30, 0, 0);
      const kinds = DEMO_EVIDENCE[job.Job_Type]!;
      const { photos, ...evidence } = kinds[i % kinds.length]!;
      const photoIds: string[] = [];
      for (const scene of photos)
        photoIds.push(await uploadPhoto(baseUrl, mentor.token, await demoPhoto(scene, photoIndex++)));
      await call(
        'PUT',
        `/api/jobs/${job.id}/complete`,
        {
          mentor_signature: {
            signature: 'D. Clarke',
            mentorName: 'Dave Clarke',
            date: ukDateOf(at),
            time: ukTimeOf(at),
            timestamp: deps.clock().toISOString(),
          },
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
  // The demo stands for a month its people lived through: they read their notices as they came. Once the
  // reactor has made the notices of all this, Liam, the mentor and the centre read them; the dispute that
  // follows is new to them (docs/rules.md#first-sign-in).
  if (await reactorReached(deps, NOTIFICATIONS_REACTOR, await deps.store.headPosition()))
    for (const who of [liam, mentor, centre])
      await call('PATCH', '/api/notifications/mark-all-read', undefined, who.token);
  if (disputed)
    await call(
      'POST',
      `/api/signatures/${disputed.signature_id}/dispute`,
      { reason: 'I was at college that day: this service was done by another apprentice.' },
      liam.token,
    );
  return [{ role: 'student', email: 'student@panda.demo', password: liam.password }];
}
