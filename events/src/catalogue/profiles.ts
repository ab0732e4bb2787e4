import { z } from 'zod';
import { defineEvent } from '../define';
import type { AccountRole } from './accounts';

/**
 * Profiles, in the account's own stream `account-<accountId>` (see accounts.ts). Field names are
 * the product's (spec section 3), as the profile forms send them.
 */

/** What Profile Settings may change; only the fields that changed are present. */
export const profileChangesSchema = z
  .object({
    First_Name: z.string(),
    Last_Name: z.string(),
    /** A training centre's name. */
    Name: z.string(),
    Email: z.string(),
    Phone_Number: z.string().nullable(),
    Postcode: z.string().nullable(),
    /** Mentor business fields that Profile Settings shows (a draft until the mentor profile is saved). */
    Business_Name: z.string(),
    Gas_Safe_Registration_Number: z.string(),
    Business_Type: z.string(),
    Business_Postcode: z.string(),
  })
  .partial();
export type ProfileChanges = z.infer<typeof profileChangesSchema>;

/** The mentor business fields Profile Settings shows (a subset of the mentor profile). */
export const SETTINGS_BUSINESS_FIELDS = [
  'Business_Name',
  'Gas_Safe_Registration_Number',
  'Business_Type',
  'Business_Postcode',
] as const;

/** What each role may change in Profile Settings (spec section 6); everything else is read-only. */
export const EDITABLE_PROFILE_FIELDS: Record<AccountRole, readonly (keyof ProfileChanges)[]> = {
  student: ['First_Name', 'Last_Name', 'Phone_Number', 'Postcode'],
  training_centre: ['Name', 'Email'],
  mentor: ['First_Name', 'Last_Name', 'Email', ...SETTINGS_BUSINESS_FIELDS],
  admin: [],
  auditor: [],
};

/** Someone changed their Profile Settings. An email change also moves the email claim (accounts.ts). */
export const ProfileChanged = defineEvent(
  'ProfileChanged',
  z.object({ accountId: z.string(), changes: profileChangesSchema }),
);

/**
 * A reference to an image in the blob store (platform/src/blob-store.ts): its sha256, type, size and
 * pixel size. Events hold references, never the bytes (docs/rules.md#small-events).
 */
export const imageRefSchema = z
  .object({
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    content_type: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    size: z.number().int().positive(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .strict();
export type ImageRef = z.infer<typeof imageRefSchema>;

export const mentorProfileSchema = z.object({
  Business_Name: z.string(),
  Business_Postcode: z.string(),
  Business_Phone_Number: z.string(),
  Business_Email: z.string(),
  Gas_Safe_Registration_Number: z.string(),
  VAT_Registered: z.boolean(),
  Business_Type: z.string(),
  Qualified_Boilers: z.boolean(),
  Qualified_Cookers: z.boolean(),
  Qualified_Gas_Fires: z.boolean(),
  Qualified_Gas_Meters: z.boolean(),
  Qualified_LPG: z.boolean(),
  Qualified_Commercial: z.boolean(),
  Additional_Information: z.string().nullable(),
  Referral_Source: z.string().nullable(),
  /** The card photo in the blob store (decoded and encoded again on upload), or null. */
  Gas_Safe_Card_Photo: imageRefSchema.nullable(),
});
export type MentorProfile = z.infer<typeof mentorProfileSchema>;

/**
 * A mentor profile as the log may hold it: MentorProfileSaved events recorded before the blob store
 * carry the photo inline as an image data URL (a string). They still replay; new events cannot be
 * recorded that way (the schema above refuses them).
 */
export type RecordedMentorProfile = Omit<MentorProfile, 'Gas_Safe_Card_Photo'> & {
  Gas_Safe_Card_Photo: ImageRef | string | null;
};

/**
 * A mentor saved their complete business profile (the profile form, or a Profile Settings change of
 * a business field once the profile is complete). Always the WHOLE profile: readers need no other event.
 */
export const MentorProfileSaved = defineEvent(
  'MentorProfileSaved',
  z.object({
    accountId: z.string(),
    profile: mentorProfileSchema,
    /** ISO time the mentor first agreed to the terms. */ termsAgreedAt: z.string(),
  }),
);

export const profileEvents = [ProfileChanged, MentorProfileSaved] as const;
