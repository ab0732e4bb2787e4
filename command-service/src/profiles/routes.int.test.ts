import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@panda/events/catalogue/accounts';
import { startTestApp, TEST_PASSWORD, type TestApp } from '@panda/server/testing/harness';
import { fullProfile, uniqueEmail, type Login } from '../admin/test-fixtures';
import {
  get,
  jobsOf,
  place,
  readyMentor,
  registeredStudent,
  vet,
  vettedCentre,
  type StudentLogin,
} from '../training/test-fixtures';
import { cameraJpeg } from '@panda/platform/testing/images';

let app: TestApp;
let north: Login;
let dave: Login;
let amy: StudentLogin;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const photo = (bytes: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${bytes.toString('base64')}`;
const mentorForm = (over: Record<string, unknown> = {}) => ({
  ...fullProfile(),
  Terms_Agreed: true,
  Terms_Agreed_At: '2026-01-01T09:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  app = await startTestApp({ env: { SEED_DEMO: '0' } });
  north = await vettedCentre(app, 'North Gas Training');
  dave = await readyMentor(app, { First_Name: 'Dave', Last_Name: 'Clarke' });
  amy = await registeredStudent(app, north);
  await place(app, amy, dave);
});
afterAll(async () => {
  await app.stop();
});

const noSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  for (const word of ['Password"', 'passwordHash', 'Temporary_Password', '$argon2']) expect(text).not.toContain(word);
};

describe('GET /api/profile', () => {
  it("a student's profile: their details, requirements (read-only), placement; never a password", async () => {
    const r = await get(app, '/api/profile', amy.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: amy.user.id,
      role: 'student',
      First_Name: 'Amy',
      Last_Name: 'Pond',
      Email: amy.email,
      Phone_Number: '07700900000',
      Postcode: 'M1 1AA',
      Matched: true,
      placement_status: 'active',
      mentor: { id: dave.user.id, name: 'Dave Clarke' },
      training_centre: { id: north.user.id, name: 'North Gas Training' },
      job_requirements: { Boiler_Installs: 10, Boiler_Service: 4, Pipework: 8, Repair: 5 },
      temporary_password_unused: false,
      editable_fields: ['First_Name', 'Last_Name', 'Phone_Number', 'Postcode'],
    });
    noSecrets(r.body);
  });

  it("a mentor's profile: names, business profile, student count", async () => {
    const r = await get(app, '/api/profile', dave.token);
    expect(r.body).toMatchObject({
      role: 'mentor',
      First_Name: 'Dave',
      Business_Name: 'Test Heating Ltd',
      Terms_Agreed: true,
      profile_completed: true,
      student_count: 1,
      Matched: true,
      vetted: true,
    });
    noSecrets(r.body);
  });

  it("a centre's profile: name, email, contact, student count", async () => {
    const r = await get(app, '/api/profile', north.token);
    expect(r.body).toMatchObject({
      role: 'training_centre',
      Name: 'North Gas Training',
      First_Name: 'Test',
      student_count: 1,
      editable_fields: ['Name', 'Email'],
    });
    noSecrets(r.body);
  });

  it('needs a token', async () => {
    expect((await app.call('GET', '/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('a student edits names, phone and postcode; read-only fields sent with the full object are ignored', async () => {
    const profile = (await get(app, '/api/profile', amy.token)).body;
    const r = await app.call(
      'PUT',
      '/api/profile',
      { ...profile, First_Name: 'Amelia', Postcode: 'm3 3cc', Email: 'taken-over@x.co', Boiler_Installs: 1 },
      amy.token,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      changed: true,
      user: { Name: 'Amelia Pond', Email: amy.email },
    });
    const after = await get(app, '/api/profile', amy.token);
    expect(after.body).toMatchObject({
      First_Name: 'Amelia',
      Postcode: 'M3 3CC',
      Email: amy.email,
      job_requirements: { Boiler_Installs: 10 },
    });
    // The mentor's job cards show the new name.
    expect((await jobsOf(app, dave.token))[0]).toMatchObject({
      Student_Name: 'Amelia Pond',
      student_postcode: 'M3 3CC',
    });
    const unchanged = await app.call('PUT', '/api/profile', after.body, amy.token);
    expect(unchanged.body.changed).toBe(false);
  });

  it('answers the profile validation messages of each role', async () => {
    const student = await app.call(
      'PUT',
      '/api/profile',
      { First_Name: '', Last_Name: ' ', Phone_Number: '', Postcode: '' },
      amy.token,
    );
    expect(student.status).toBe(400);
    expect(student.body.detail).toEqual([
      { field: 'First_Name', message: 'First name is required' },
      { field: 'Last_Name', message: 'Last name is required' },
      { field: 'Phone_Number', message: 'Phone number is required' },
      { field: 'Postcode', message: 'Postcode is required' },
    ]);
    const centre = await app.call('PUT', '/api/profile', { Name: '', Email: 'nope' }, north.token);
    expect(centre.body.detail).toEqual([
      { field: 'Name', message: 'Training centre name is required' },
      { field: 'Email', message: 'Please enter a valid email address' },
    ]);
    const mentor = await app.call(
      'PUT',
      '/api/profile',
      { First_Name: 'Dave', Last_Name: 'Clarke', Email: '', Business_Type: 'Pirate' },
      dave.token,
    );
    expect(mentor.body.detail).toEqual([
      { field: 'Email', message: 'Email is required' },
      { field: 'Business_Name', message: 'Business name is required' },
      { field: 'Gas_Safe_Registration_Number', message: 'Gas Safe Registration Number is required' },
      { field: 'Business_Type', message: 'Please select a valid business type' },
      { field: 'Business_Postcode', message: 'Business postcode is required' },
    ]);
  });

  it('a centre changes its name and email: sign-in follows the new address, the old one is free again', async () => {
    const centre = await vettedCentre(app, 'Old Name');
    const oldEmail = centre.user.Email as string;
    const newEmail = uniqueEmail('renamed');
    const r = await app.call('PUT', '/api/profile', { Name: 'New Name', Email: newEmail.toUpperCase() }, centre.token);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ Name: 'New Name', Email: newEmail });
    expect((await app.signIn(newEmail)).user.id).toBe(centre.user.id);
    expect((await app.call('POST', '/api/auth/signin', { Email: oldEmail, Password: TEST_PASSWORD })).status).toBe(401);
    // The old address can be used by a new account.
    await app.signUp('mentor', oldEmail);
    expect((await get(app, '/api/profile', centre.token)).body).toMatchObject({ Name: 'New Name', Email: newEmail });
  });

  it('refuses an email another account holds, and changes nothing', async () => {
    const r = await app.call(
      'PUT',
      '/api/profile',
      { Name: 'North Gas Training', Email: dave.user.Email },
      north.token,
    );
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('An account with this email already exists');
    expect((await get(app, '/api/profile', north.token)).body.Email).toBe(north.user.Email);
  });

  it('a mentor edits names and business fields; the saved profile follows', async () => {
    const mentor = await readyMentor(app);
    const r = await app.call(
      'PUT',
      '/api/profile',
      {
        First_Name: 'Mo',
        Last_Name: 'Farah',
        Email: mentor.user.Email,
        Business_Name: 'Farah Heating',
        Gas_Safe_Registration_Number: '987654',
        Business_Type: 'Self Employed',
        Business_Postcode: 'ls1 4dy',
      },
      mentor.token,
    );
    expect(r.status).toBe(200);
    expect((await get(app, '/api/profile', mentor.token)).body).toMatchObject({
      Name: 'Mo Farah',
      Business_Name: 'Farah Heating',
      Business_Type: 'Self Employed',
      Business_Postcode: 'LS1 4DY',
      Business_Email: 'biz@test.panda',
    });
    const saved = (await app.platform.store.readStream(accountStream(mentor.user.id)))
      .filter((e) => e.type === 'MentorProfileSaved')
      .at(-1)!;
    expect(saved.data).toMatchObject({
      profile: { Business_Name: 'Farah Heating', Business_Postcode: 'LS1 4DY', Business_Email: 'biz@test.panda' },
    });
  });

  it('admins have no editable profile here', async () => {
    expect((await app.call('PUT', '/api/profile', { First_Name: 'A' }, await app.adminToken())).status).toBe(403);
  });
});

describe('mentor profile: GET /api/mentor/profile-status and PUT /api/mentor/profile', () => {
  it('is incomplete (first time) until the form succeeds, then complete with business name and Gas Safe number', async () => {
    const mentor = await app.signUp('mentor', uniqueEmail('new-mentor'));
    expect((await get(app, '/api/mentor/profile-status', mentor.token)).body).toEqual({
      profile_completed: false,
      is_first_time: true,
      business_name: null,
      gas_safe_number: null,
    });
    const r = await app.call(
      'PUT',
      '/api/mentor/profile',
      mentorForm({
        Gas_Safe_Card_Photo: photo(await cameraJpeg(300, 200), 'image/png'),
        VAT_Registered: true,
        Referral_Source: 'Word of Mouth',
      }),
      mentor.token,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      profile: { Business_Name: 'Test Heating Ltd', VAT_Registered: true, Terms_Agreed: true, profile_completed: true },
    });
    expect(Date.parse(r.body.profile.Terms_Agreed_At)).not.toBeNaN();
    expect((await get(app, '/api/mentor/profile-status', mentor.token)).body).toEqual({
      profile_completed: true,
      is_first_time: false,
      business_name: 'Test Heating Ltd',
      gas_safe_number: '123456',
    });
    const profile = (await get(app, '/api/profile', mentor.token)).body;
    // Stored with its real type (the bytes are a JPEG), in the blob store.
    expect(profile.Gas_Safe_Card_Photo).toMatchObject({
      content_type: 'image/jpeg',
      width: 300,
      height: 200,
      url: `/api/mentors/${mentor.user.id}/gas-safe-photo?v=${profile.Gas_Safe_Card_Photo.hash}`,
    });
    expect(profile).toMatchObject({ Referral_Source: 'Word of Mouth', Qualified_Boilers: true, Qualified_LPG: false });
  });

  it("refuses missing fields with '<field> is required', unticked terms and a bad business email", async () => {
    const r = await app.call(
      'PUT',
      '/api/mentor/profile',
      { Business_Email: 'not-an-email', Terms_Agreed: false },
      dave.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.detail).toEqual([
      { field: 'Business_Name', message: 'Business Name is required' },
      { field: 'Business_Postcode', message: 'Business Postcode is required' },
      { field: 'Business_Phone_Number', message: 'Business Phone Number is required' },
      { field: 'Business_Email', message: 'Please enter a valid email address' },
      { field: 'Gas_Safe_Registration_Number', message: 'Gas Safe Registration Number is required' },
      { field: 'Business_Type', message: 'Business Type is required' },
    ]);
    const terms = await app.call('PUT', '/api/mentor/profile', { ...fullProfile() }, dave.token);
    expect(terms.body.detail).toEqual([{ field: 'Terms_Agreed', message: 'Please agree to the terms and conditions' }]);
    const blankEmail = await app.call('PUT', '/api/mentor/profile', mentorForm({ Business_Email: '' }), dave.token);
    expect(blankEmail.body.detail).toEqual([{ field: 'Business_Email', message: 'Business Email is required' }]);
  });

  it('checks the Gas Safe card photo by its bytes', async () => {
    const fake = await app.call(
      'PUT',
      '/api/mentor/profile',
      mentorForm({ Gas_Safe_Card_Photo: photo(Buffer.from('<html>not an image</html>'), 'image/jpeg') }),
      dave.token,
    );
    expect(fake.status).toBe(400);
    expect(fake.body.detail).toEqual([{ field: 'Gas_Safe_Card_Photo', message: 'Please select a valid image file' }]);
    const url = await app.call(
      'PUT',
      '/api/mentor/profile',
      mentorForm({ Gas_Safe_Card_Photo: 'https://example.com/card.jpg' }),
      dave.token,
    );
    expect(url.body.detail).toEqual([{ field: 'Gas_Safe_Card_Photo', message: 'Please select a valid image file' }]);
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await app.call(
      'PUT',
      '/api/mentor/profile',
      mentorForm({ Gas_Safe_Card_Photo: photo(big) }),
      dave.token,
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.detail).toEqual([{ field: 'Gas_Safe_Card_Photo', message: 'Image must be smaller than 10MB' }]);
  });

  it('is for mentors only', async () => {
    for (const token of [north.token, amy.token]) {
      expect((await get(app, '/api/mentor/profile-status', token)).status).toBe(403);
      expect((await app.call('PUT', '/api/mentor/profile', mentorForm(), token)).status).toBe(403);
    }
  });

  it('a vetted mentor with a saved profile can be placed (placement reads MentorProfileSaved)', async () => {
    const mentor = await app.signUp('mentor', uniqueEmail('placeable'));
    await vet(app, 'mentor', mentor.user.id);
    await app.call('PUT', '/api/mentor/profile', mentorForm(), mentor.token);
    const student = await registeredStudent(app, north);
    await place(app, student, mentor);
    expect((await get(app, '/api/profile', student.token)).body.mentor).toMatchObject({ id: mentor.user.id });
  });
});
