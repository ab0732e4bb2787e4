import { Router } from 'express';
import { z } from 'zod';
import {
  BUSINESS_TYPES,
  EDITABLE_PROFILE_FIELDS,
  REFERRAL_SOURCES,
  type MentorProfile,
  type ProfileChanges,
} from '@panda/events/catalogue/profiles';
import { forbidden } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { checkImageDataUrl, dataUrlBytes } from '@panda/platform/images';
import { photoView } from '@panda/projections/read-models/mentor-profiles';
import type { Role } from '@panda/platform/tokens';
import { emailField } from '../accounts/routes';
import { loadAccount, publicUser, runAccountCommand } from '../accounts/service';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { uploadLimit } from '../shared/upload-limit';
import { changeProfile } from './service';
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, resolvePhoto, type PhotoInput } from './photos';
import { phoneField, postcodeField, requiredText } from '../shared/fields';

const required = requiredText;
const postcode = postcodeField;
const phone = phoneField;
const businessType = (message: string) =>
  required(message).refine((v) => BUSINESS_TYPES.includes(v), 'Please select a valid business type');

/** Profile Settings validation per role (spec section 5); only the fields the role may change (section 6). */
const settingsSchemas: Partial<Record<Role, z.ZodType<ProfileChanges>>> = {
  student: z.object({
    First_Name: required('First name is required'),
    Last_Name: required('Last name is required'),
    Phone_Number: phone('Phone number is required'),
    Postcode: postcode('Postcode is required'),
  }),
  training_centre: z.object({ Name: required('Training centre name is required', 200), Email: emailField() }),
  mentor: z.object({
    First_Name: required('First name is required'),
    Last_Name: required('Last name is required'),
    Email: emailField(),
    Business_Name: required('Business name is required', 200),
    Gas_Safe_Registration_Number: required('Gas Safe Registration Number is required', 50),
    Business_Type: businessType('Business type is required'),
    Business_Postcode: postcode('Business postcode is required'),
  }),
};

const flag = z
  .boolean({ error: 'Must be true or false' })
  .nullish()
  .transform((v) => v ?? false);
const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** 'Edit Your Mentor Profile' (spec sections 3 and 5; the photo per ruling 18). */
const mentorProfileSchema = z
  .object({
    Business_Name: required('Business Name is required', 200),
    Business_Postcode: postcode('Business Postcode is required'),
    Business_Phone_Number: phone('Business Phone Number is required'),
    Business_Email: emailField('Business Email is required'),
    Gas_Safe_Registration_Number: required('Gas Safe Registration Number is required', 50),
    VAT_Registered: flag,
    Business_Type: businessType('Business Type is required'),
    Qualified_Boilers: flag,
    Qualified_Cookers: flag,
    Qualified_Gas_Fires: flag,
    Qualified_Gas_Meters: flag,
    Qualified_LPG: flag,
    Qualified_Commercial: flag,
    Additional_Information: optionalText(5000),
    Referral_Source: optionalText(100).refine(
      (v) => v === null || (REFERRAL_SOURCES as readonly string[]).includes(v),
      'Please select a valid referral source',
    ),
    /** A new image (data URL), the photo on file (its hash, or the photo object GET /api/profile gives), or none. */
    Gas_Safe_Card_Photo: z
      .union([z.string(), z.object({ hash: z.string() })], { error: PHOTO_NOT_IMAGE })
      .nullish()
      .transform((v, ctx): PhotoInput => {
        if (!v) return null;
        const hash = typeof v === 'string' ? v : v.hash;
        if (/^[0-9a-f]{64}$/.test(hash)) return { keep: hash };
        // A new image: shape, size and type by its first bytes here; decoded in full by resolvePhoto.
        const check = typeof v === 'string' ? checkImageDataUrl(v) : null;
        if (check?.ok) return { upload: dataUrlBytes(check.dataUrl) };
        ctx.addIssue({
          code: 'custom',
          message: check?.ok === false && check.reason === 'too_large' ? PHOTO_TOO_LARGE : PHOTO_NOT_IMAGE,
        });
        return z.NEVER;
      }),
    Terms_Agreed: z.boolean({ error: 'Please agree to the terms and conditions' }).optional(),
    Terms_Agreed_At: z.string().max(40).nullish(),
  })
  .superRefine((v, ctx) => {
    // The form sends Terms_Agreed and/or the time it was ticked; either says yes unless Terms_Agreed is false.
    const agreed = v.Terms_Agreed === true || (v.Terms_Agreed === undefined && Boolean(v.Terms_Agreed_At));
    if (!agreed)
      ctx.addIssue({ code: 'custom', path: ['Terms_Agreed'], message: 'Please agree to the terms and conditions' });
  });

export function profileRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);

  /** PUT /api/profile with the full profile object: fields the caller's role may not change are ignored. */
  r.put('/api/profile', auth, async (req, res) => {
    const { id, role } = authOf(req);
    const schema = settingsSchemas[role];
    if (!schema) throw forbidden();
    const body = validate(schema, req.body) as Record<string, unknown>;
    const changes = Object.fromEntries(
      EDITABLE_PROFILE_FIELDS[role].filter((f) => body[f] !== undefined).map((f) => [f, body[f]]),
    ) as ProfileChanges;
    // Answers once the change is in the log, without waiting for the read models: the position it
    // answers is what a following read sends as X-Min-Position (read-your-writes).
    const result = await changeProfile(deps, id, changes, metaFor(req, deps));
    sendResult(res, 200, result.position, {
      success: true,
      message: 'Profile updated successfully!',
      changed: result.events.length > 0,
      user: publicUser(result.state),
    });
  });

  // Only a new image (a data URL) is an upload; the photo on file sent back by its hash is not.
  const photoUploads = uploadLimit(
    deps,
    (body) => typeof body.Gas_Safe_Card_Photo === 'string' && body.Gas_Safe_Card_Photo.startsWith('data:'),
  );
  r.put('/api/mentor/profile', auth, requireRole('mentor'), photoUploads, async (req, res) => {
    const { id } = authOf(req);
    const {
      Terms_Agreed: _t,
      Terms_Agreed_At: _a,
      Gas_Safe_Card_Photo: photoInput,
      ...fields
    } = validate(mentorProfileSchema, req.body);
    // The photo reaches the blob store before the event that refers to it is appended.
    const photo = await resolvePhoto(deps, await loadAccount(deps, id), photoInput, 'Gas_Safe_Card_Photo');
    const profile: MentorProfile = { ...fields, Gas_Safe_Card_Photo: photo };
    const result = await runAccountCommand(
      deps,
      id,
      { type: 'SaveMentorProfile', profile, agreedAt: deps.clock().toISOString() },
      metaFor(req, deps),
    );
    const saved = result.state.mentorProfile;
    sendResult(res, 200, result.position, {
      success: true,
      message: 'Profile updated successfully!',
      profile: {
        ...saved,
        Gas_Safe_Card_Photo: photoView(id, saved?.Gas_Safe_Card_Photo),
        Terms_Agreed: true,
        Terms_Agreed_At: result.state.termsAgreedAt,
        profile_completed: true,
      },
    });
  });

  return r;
}
