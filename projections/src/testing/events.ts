import type { JobRequirements } from '@panda/events/catalogue/accounts';
import type { GivenEvent } from './projection-spec';

/** Typed catalogue events for projection tests; every field the catalogue asks for, overridable. */
export const requirements = (boilerInstalls = 2, boilerService = 0, pipework = 1, repair = 0): JobRequirements => ({
  boilerInstalls,
  boilerService,
  pipework,
  repair,
});

export const signedUp = (
  accountId: string,
  role: 'mentor' | 'training_centre',
  over: { firstName?: string; lastName?: string; email?: string; centreName?: string | null } = {},
): GivenEvent => ({
  type: 'AccountSignedUp',
  data: {
    accountId,
    role,
    firstName: 'Dave',
    lastName: 'Clarke',
    email: `${accountId}@x.co`,
    centreName: null,
    passwordHash: 'h',
    ...over,
  },
});

export const registered = (
  accountId: string,
  centreId: string | null = 'c1',
  over: { postcode?: string | null; requirements?: JobRequirements } = {},
): GivenEvent => ({
  type: 'StudentRegistered',
  data: {
    accountId,
    centreId,
    firstName: 'Amy',
    lastName: 'Pond',
    email: `${accountId}@x.co`,
    phone: '0770',
    postcode: 'M1 1AE',
    dateOfBirth: '2000-02-03',
    requirements: requirements(),
    temporaryPasswordHash: 't',
    ...over,
  },
});

export const mentorProfile = {
  Business_Name: ' Clarke Gas ',
  Business_Postcode: 'M4 1AA',
  Business_Phone_Number: '0161',
  Business_Email: 'biz@x.co',
  Gas_Safe_Registration_Number: '123456',
  VAT_Registered: false,
  Business_Type: 'Sole Trader',
  Qualified_Boilers: true,
  Qualified_Cookers: false,
  Qualified_Gas_Fires: false,
  Qualified_Gas_Meters: false,
  Qualified_LPG: true,
  Qualified_Commercial: false,
  Additional_Information: null,
  Referral_Source: null,
  Gas_Safe_Card_Photo: null,
};

export const profileSaved = (accountId: string, over: Partial<typeof mentorProfile> = {}): GivenEvent => ({
  type: 'MentorProfileSaved',
  data: { accountId, profile: { ...mentorProfile, ...over }, termsAgreedAt: '2026-01-01T00:00:00.000Z' },
});

export const proposed = (
  placementId: string,
  studentId: string,
  mentorId: string,
  centreId: string | null = 'c1',
): GivenEvent => ({
  type: 'PlacementProposed',
  data: { placementId, studentId, mentorId, centreId, notes: 'Near', reasons: ['Rank 1 of 1'] },
});
export const accepted = (placementId: string, studentId: string, mentorId: string): GivenEvent => ({
  type: 'PlacementAccepted',
  data: { placementId, studentId, mentorId },
});
