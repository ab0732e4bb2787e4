import {
  SETTINGS_BUSINESS_FIELDS,
  mentorProfileSchema,
  type RecordedMentorProfile,
} from '@panda/events/catalogue/profiles';
import type { ProjectionContext } from '../projection';
import { collection } from '../typed-collection';
import { defineProjection } from '../typed-projection';

/** docs/read-models.md#mentor-profiles */

export type MentorProfileDoc = { [K in keyof RecordedMentorProfile]: RecordedMentorProfile[K] | null } & {
  id: string;
  Terms_Agreed: boolean;
  Terms_Agreed_At: string | null;
  profile_completed: boolean;
  updated_at: string;
  _audience: string[];
};

const NO_PROFILE = Object.fromEntries(Object.keys(mentorProfileSchema.shape).map((f) => [f, null])) as {
  [K in keyof RecordedMentorProfile]: null;
};

/** A mentor who never saved a business field: every field present, null. */
export const emptyMentorProfile = (id: string, time: string): MentorProfileDoc => ({
  id,
  ...NO_PROFILE,
  Terms_Agreed: false,
  Terms_Agreed_At: null,
  profile_completed: false,
  updated_at: time,
  _audience: [id],
});

export const mentorProfiles = collection<MentorProfileDoc>('mentor_profiles');

const profileOf = async (ctx: ProjectionContext, id: string, time: string) =>
  (await mentorProfiles.in(ctx).get(id)) ?? emptyMentorProfile(id, time);

export const mentorProfilesProjection = defineProjection({
  name: 'mentor_profiles',
  collections: { [mentorProfiles.name]: [] },
  on: {
    MentorProfileSaved: async ({ time, data: d }, ctx) => {
      // Events recorded before the blob store hold the photo inline (RecordedMentorProfile).
      const profile: RecordedMentorProfile = d.profile;
      const doc = await profileOf(ctx, d.accountId, time);
      mentorProfiles.in(ctx).put({
        ...doc,
        updated_at: time,
        ...profile,
        Terms_Agreed: true,
        Terms_Agreed_At: d.termsAgreedAt,
        profile_completed: true,
      });
    },
    // Profile Settings: only its business fields are this collection's.
    ProfileChanged: async ({ time, data: d }, ctx) => {
      const changed = SETTINGS_BUSINESS_FIELDS.filter((f) => d.changes[f] !== undefined);
      if (changed.length === 0) return;
      const doc = await profileOf(ctx, d.accountId, time);
      doc.updated_at = time;
      for (const f of changed) doc[f] = d.changes[f] ?? null;
      mentorProfiles.in(ctx).put(doc);
    },
  },
});

/** The card photo as the API shows it (shared with the command side's answers). */
export { photoView } from '@panda/platform/photo-view';
