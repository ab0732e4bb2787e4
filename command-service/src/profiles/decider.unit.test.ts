import { describe, expect, it } from 'vitest';
import { checkEvent } from '@panda/events/catalogue';
import type { MentorProfile } from '@panda/events/catalogue/profiles';
import { accountSignedUp, studentRegistered } from '@panda/events/testing/fixtures';
import { spec } from '../shared/given-when-then';
import { accountDecider, type AccountCommand, type AccountEvent } from '../accounts/decider';

/** The profile and registration commands of the account decider. */
const account = spec(accountDecider);

const mentor: AccountEvent = accountSignedUp();
const centre: AccountEvent = accountSignedUp({
  accountId: 'c1',
  role: 'training_centre',
  firstName: 'Sarah',
  lastName: 'Hughes',
  email: 'north@x.co',
  centreName: 'North',
});
const student: AccountEvent = studentRegistered({
  phone: '07700900000',
  postcode: 'M1 1AA',
  temporaryPasswordExpiresAt: '2026-01-08T09:00:00.000Z',
});
const profile: MentorProfile = {
  Business_Name: 'Clarke Gas',
  Business_Postcode: 'M2 2BB',
  Business_Phone_Number: '0161 555 0000',
  Business_Email: 'biz@clarke.co',
  Gas_Safe_Registration_Number: '123456',
  VAT_Registered: false,
  Business_Type: 'Sole Trader',
  Qualified_Boilers: true,
  Qualified_Cookers: false,
  Qualified_Gas_Fires: false,
  Qualified_Gas_Meters: false,
  Qualified_LPG: false,
  Qualified_Commercial: false,
  Additional_Information: null,
  Referral_Source: 'Google Search',
  Gas_Safe_Card_Photo: null,
};
const saved: AccountEvent = {
  type: 'MentorProfileSaved',
  data: { accountId: 'm1', profile, termsAgreedAt: '2026-01-01T09:00:00.000Z' },
};

describe('student registration', () => {
  const register = (centreVetted: boolean | undefined, centreId: string | null = 'c1'): AccountCommand => {
    const { accountId, firstName, lastName, email, phone, postcode, dateOfBirth, requirements, temporaryPasswordHash } =
      (student as Extract<AccountEvent, { type: 'StudentRegistered' }>).data;
    return {
      type: 'RegisterStudent',
      accountId,
      centreId,
      firstName,
      lastName,
      email,
      phone,
      postcode,
      dateOfBirth,
      requirements,
      temporaryPasswordHash,
      now: '2026-01-01T09:00:00.000Z',
      centreVetted,
    };
  };

  it('registers a student for a vetted centre (the vetting flag is not recorded)', () => {
    account.given([]).when(register(true)).then([student]);
  });

  it('refuses registration for a centre that is not vetted', () => {
    account.given([]).when(register(false)).thenThrows(403, 'must be vetted');
    account.given([]).when(register(undefined)).thenThrows(403, 'must be vetted');
  });

  it('registers an independent student (no centre) without vetting', () => {
    account
      .given([])
      .when(register(undefined, null))
      .then([{ ...student, data: { ...(student.data as object), centreId: null } } as AccountEvent]);
  });
});

describe('profile settings (ChangeProfile)', () => {
  it('records only the fields that changed', () => {
    account
      .given([student])
      .when({
        type: 'ChangeProfile',
        changes: { First_Name: 'Amelia', Last_Name: 'Pond', Phone_Number: '07700900000', Postcode: 'M3 3CC' },
      })
      .then([
        { type: 'ProfileChanged', data: { accountId: 's1', changes: { First_Name: 'Amelia', Postcode: 'M3 3CC' } } },
      ]);
  });

  it('records nothing when nothing changed', () => {
    account
      .given([student])
      .when({ type: 'ChangeProfile', changes: { First_Name: 'Amy', Postcode: 'M1 1AA' } })
      .then([]);
  });

  it('refuses fields the role may not change', () => {
    account
      .given([student])
      .when({ type: 'ChangeProfile', changes: { Email: 'new@x.co' } })
      .thenThrows(403, 'Email cannot be changed here');
    account
      .given([centre])
      .when({ type: 'ChangeProfile', changes: { First_Name: 'Sam' } })
      .thenThrows(403);
    account
      .given([centre])
      .when({ type: 'ChangeProfile', changes: { Name: 'North Academy', Email: 'academy@x.co' } })
      .then([
        {
          type: 'ProfileChanged',
          data: { accountId: 'c1', changes: { Name: 'North Academy', Email: 'academy@x.co' } },
        },
      ]);
  });

  it("keeps a mentor's business fields as a draft while the profile was never saved", () => {
    account
      .given([mentor])
      .when({ type: 'ChangeProfile', changes: { Business_Name: 'Clarke Gas', Business_Type: 'Sole Trader' } })
      .then([
        {
          type: 'ProfileChanged',
          data: { accountId: 'm1', changes: { Business_Name: 'Clarke Gas', Business_Type: 'Sole Trader' } },
        },
      ]);
  });

  it('saves the whole mentor profile again when a business field of a complete profile changes', () => {
    account
      .given([mentor, saved])
      .when({
        type: 'ChangeProfile',
        changes: { First_Name: 'David', Business_Postcode: 'M4 4DD', Business_Name: 'Clarke Gas' },
      })
      .then([
        {
          type: 'ProfileChanged',
          data: { accountId: 'm1', changes: { First_Name: 'David', Business_Postcode: 'M4 4DD' } },
        },
        {
          type: 'MentorProfileSaved',
          data: {
            accountId: 'm1',
            profile: { ...profile, Business_Postcode: 'M4 4DD' },
            termsAgreedAt: '2026-01-01T09:00:00.000Z',
          },
        },
      ]);
    account
      .given([mentor, saved])
      .when({ type: 'ChangeProfile', changes: { Last_Name: 'Clark' } })
      .then([{ type: 'ProfileChanged', data: { accountId: 'm1', changes: { Last_Name: 'Clark' } } }]);
  });
});

describe('mentor profile (SaveMentorProfile)', () => {
  it('saves the profile with the time the terms were first agreed', () => {
    account
      .given([mentor])
      .when({ type: 'SaveMentorProfile', profile, agreedAt: '2026-01-01T09:00:00.000Z' })
      .then([saved]);
    account
      .given([mentor, saved])
      .when({
        type: 'SaveMentorProfile',
        profile: { ...profile, VAT_Registered: true },
        agreedAt: '2026-03-01T09:00:00.000Z',
      })
      .then([
        {
          type: 'MentorProfileSaved',
          data: {
            accountId: 'm1',
            profile: { ...profile, VAT_Registered: true },
            termsAgreedAt: '2026-01-01T09:00:00.000Z',
          },
        },
      ]);
  });

  it('records nothing when the same profile is saved again', () => {
    account
      .given([mentor, saved])
      .when({ type: 'SaveMentorProfile', profile, agreedAt: '2026-03-01T09:00:00.000Z' })
      .then([]);
  });

  it('refuses other roles and unknown accounts', () => {
    account.given([centre]).when({ type: 'SaveMentorProfile', profile, agreedAt: 'x' }).thenThrows(403);
    account.given([]).when({ type: 'SaveMentorProfile', profile, agreedAt: 'x' }).thenThrows(404);
  });
});

describe('the card photo is a blob reference in MentorProfileSaved', () => {
  const photo = { hash: 'a'.repeat(64), content_type: 'image/jpeg' as const, size: 123_456, width: 1200, height: 800 };
  const withPhoto = { ...profile, Gas_Safe_Card_Photo: photo };
  const inline = {
    type: 'MentorProfileSaved',
    data: {
      accountId: 'm1',
      profile: { ...profile, Gas_Safe_Card_Photo: 'data:image/png;base64,iVBORw0KGgo=' },
      termsAgreedAt: '2026-01-01T09:00:00.000Z',
    },
  } as unknown as AccountEvent;

  it('records the reference; the same reference again records nothing', () => {
    const event: AccountEvent = {
      type: 'MentorProfileSaved',
      data: { accountId: 'm1', profile: withPhoto, termsAgreedAt: '2026-01-01T09:00:00.000Z' },
    };
    account
      .given([mentor])
      .when({ type: 'SaveMentorProfile', profile: withPhoto, agreedAt: '2026-01-01T09:00:00.000Z' })
      .then([event]);
    account
      .given([mentor, event])
      .when({ type: 'SaveMentorProfile', profile: { ...withPhoto, Gas_Safe_Card_Photo: { ...photo } }, agreedAt: 'x' })
      .then([]);
    expect(() => checkEvent('MentorProfileSaved', event.data)).not.toThrow();
  });

  it('the catalogue refuses new events that carry the image inline', () => {
    expect(() => checkEvent('MentorProfileSaved', (inline as { data: unknown }).data)).toThrow();
  });

  it('replays an event recorded with an inline photo, and replaces it with a reference', () => {
    account
      .given([mentor, inline])
      .when({ type: 'SaveMentorProfile', profile: withPhoto, agreedAt: 'x' })
      .then([
        {
          type: 'MentorProfileSaved',
          data: { accountId: 'm1', profile: withPhoto, termsAgreedAt: '2026-01-01T09:00:00.000Z' },
        },
      ]);
  });

  it('never copies an inline photo into a new event (the service moves it to the blob store first)', () => {
    expect(() =>
      accountDecider.decide(
        { type: 'ChangeProfile', changes: { Business_Name: 'New Name' } },
        [mentor, inline].reduce(accountDecider.evolve, accountDecider.initialState()),
      ),
    ).toThrow(/blob store/);
  });
});
