import { profileResponse, type Profile } from '@panda/contracts/accounts';
import { contractHttp } from '../contract-http';

type MentorProfile = Extract<Profile, { role: 'mentor' }>;

/** A vetted mentor's GET /api/profile with a saved business profile, checked against the contract. */
export function mentorProfileFixture(overrides: Partial<MentorProfile> = {}): MentorProfile {
  return profileResponse.parse({
    id: 'mentor-1',
    role: 'mentor',
    First_Name: 'Maya',
    Last_Name: 'Mentor',
    Name: 'Maya Mentor',
    Email: 'mentor@example.test',
    Created_At: '2026-10-01T09:00:00.000Z',
    must_change_password: false,
    editable_fields: [
      'First_Name',
      'Last_Name',
      'Email',
      'Business_Name',
      'Gas_Safe_Registration_Number',
      'Business_Type',
      'Business_Postcode',
    ],
    Business_Name: 'Mentor Heating Ltd',
    Business_Postcode: 'LS1 1AA',
    Business_Phone_Number: '0113 496 0000',
    Business_Email: 'office@mentor-heating.test',
    Gas_Safe_Registration_Number: '123456',
    VAT_Registered: false,
    Business_Type: 'Limited Company',
    Qualified_Boilers: true,
    Qualified_Cookers: false,
    Qualified_Gas_Fires: false,
    Qualified_Gas_Meters: false,
    Qualified_LPG: false,
    Qualified_Commercial: false,
    Additional_Information: null,
    Referral_Source: 'Google Search',
    Gas_Safe_Card_Photo: null,
    Terms_Agreed: true,
    Terms_Agreed_At: '2026-10-01T09:05:00.000Z',
    profile_completed: true,
    vetted: true,
    student_count: 2,
    Matched: true,
    jobs_supervised: 5,
    ...overrides,
  }) as MentorProfile;
}

/** GET /api/profile answering `profile`. */
export const profileHandler = (profile: Profile) => contractHttp('GET', '/api/profile', ({ ok }) => ok(200, profile));
