import { describe, it } from 'vitest';
import { givenTime, projectionSpec } from '../testing/projection-spec';
import { mentorProfile, mentorProfileSaved } from '@panda/events/testing/fixtures';
import { emptyMentorProfile, mentorProfiles, mentorProfilesProjection } from './mentor-profiles';

const spec = projectionSpec(mentorProfilesProjection);

describe('mentor_profiles projection', () => {
  it('keeps the saved profile whole, with the terms agreed and the profile complete', async () => {
    await spec.given([mentorProfileSaved()]).then(mentorProfiles, 'm1', {
      ...emptyMentorProfile('m1', givenTime(1)),
      ...mentorProfile(),
      Terms_Agreed: true,
      Terms_Agreed_At: '2026-01-01T00:00:00.000Z',
      profile_completed: true,
    });
  });

  it('takes business fields from Profile Settings as a draft, and ignores changes without one', async () => {
    const given = spec.given([
      { type: 'ProfileChanged', data: { accountId: 'm1', changes: { First_Name: 'Dave' } } },
      {
        type: 'ProfileChanged',
        data: {
          accountId: 'm2',
          changes: { Business_Name: 'Draft Gas', Business_Postcode: 'LS1 1AA', First_Name: 'Eve' },
        },
      },
    ]);
    await given.then(mentorProfiles, 'm1', null);
    await given.then(mentorProfiles, 'm2', {
      ...emptyMentorProfile('m2', givenTime(2)),
      Business_Name: 'Draft Gas',
      Business_Postcode: 'LS1 1AA',
    });
  });

  it('changes a saved profile field by field from Profile Settings', async () => {
    await spec
      .given([
        mentorProfileSaved(),
        { type: 'ProfileChanged', data: { accountId: 'm1', changes: { Business_Type: 'Partnership' } } },
      ])
      .then(mentorProfiles, 'm1', {
        ...emptyMentorProfile('m1', givenTime(2)),
        ...mentorProfile(),
        Business_Type: 'Partnership',
        Terms_Agreed: true,
        Terms_Agreed_At: '2026-01-01T00:00:00.000Z',
        profile_completed: true,
      });
  });
});
