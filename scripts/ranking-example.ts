/**
 * `npx tsx scripts/ranking-example.ts`: how the admin's Match action ranks mentors for one student,
 * on a throw-away store (six mentors around Leeds, one student in Leeds needing every job type).
 */
import { startTestApp } from '@panda/server/testing/harness';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const app = await startTestApp();
const admin = await app.adminToken();
const mentors = [
  { name: 'Hall', postcode: 'LS6 2AA', quals: { Qualified_Boilers: true } },
  {
    name: 'Iqbal',
    postcode: 'LS1 5DL',
    quals: { Qualified_Boilers: true, Qualified_Gas_Fires: true, Qualified_Cookers: true },
  },
  {
    name: 'Jones',
    postcode: 'BD1 1AA',
    quals: { Qualified_Boilers: true, Qualified_Gas_Fires: true, Qualified_Cookers: true, Qualified_Gas_Meters: true },
  },
  { name: 'Khan', postcode: 'HG1 1AA', quals: { Qualified_Boilers: true, Qualified_Cookers: true } },
  {
    name: 'Lowe',
    postcode: 'M1 1AE',
    quals: {
      Qualified_Boilers: true,
      Qualified_Gas_Fires: true,
      Qualified_Cookers: true,
      Qualified_Gas_Meters: true,
      Qualified_LPG: true,
    },
  },
  { name: 'Moss', postcode: 'LS2 7HY', quals: {} },
];
for (const m of mentors) {
  const { token, user } = await app.signUp('mentor', `${m.name.toLowerCase()}@example.com`, { Last_Name: m.name });
  const r = await app.call(
    'PUT',
    '/api/mentor/profile',
    {
      Business_Name: `${m.name} Heating Ltd`,
      Business_Postcode: m.postcode,
      Business_Phone_Number: '0113 496 0000',
      Business_Email: `office@${m.name.toLowerCase()}.example`,
      Gas_Safe_Registration_Number: '123456',
      Business_Type: 'Limited Company',
      Terms_Agreed: true,
      Terms_Agreed_At: new Date().toISOString(),
      Gas_Safe_Card_Photo: PNG,
      ...m.quals,
    },
    token,
  );
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  await app.call('PATCH', `/api/admin/users/mentor/${user.id}/vet`, { is_vetted: true }, admin);
}
const student = await app.call(
  'POST',
  '/api/admin/students',
  {
    First_Name: 'Lily',
    Last_Name: 'Leeds',
    Email: 'lily@example.com',
    Phone_Number: '07700900123',
    Postcode: 'LS1 4AP',
    Boiler_Installs: 10,
    Boiler_Service: 4,
    Pipework: 8,
    Repair: 5,
  },
  admin,
);
const id = student.body.student?.id ?? student.body.id;
const c = await app.call('GET', `/api/admin/placements/candidates?student_id=${id}`, undefined, admin);
console.log(`Student ${c.body.student.name}, ${c.body.student.Postcode}, needs ${c.body.student.needs.join(', ')}`);
for (const m of c.body.candidates)
  console.log(`${m.rank}. ${m.Business_Name} (${m.Business_Postcode}) score ${m.score}/100: ${m.reasons.join('; ')}`);
for (const m of c.body.excluded ?? c.body.ineligible ?? [])
  console.log(`not eligible: ${m.Business_Name ?? m.name}: ${(m.reasons ?? [m.reason]).join('; ')}`);
await app.stop();
