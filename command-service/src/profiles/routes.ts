import { Router } from 'express';
import { z } from 'zod';
import {
  centreSettingsRequest,
  mentorProfileRequest,
  mentorSettingsRequest,
  studentSettingsRequest,
} from '@panda/contracts/accounts';
import { EDITABLE_PROFILE_FIELDS, type MentorProfile, type ProfileChanges } from '@panda/events/catalogue/profiles';
import { forbidden } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { checkImageDataUrl, dataUrlBytes } from '@panda/platform/images';
import { photoView } from '@panda/platform/photo-view';
import type { Role } from '@panda/platform/tokens';
import { loadAccount, publicUser, runAccountCommand } from '../accounts/service';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { uploadLimit } from '../shared/upload-limit';
import { changeProfile } from './service';
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, resolvePhoto, type PhotoInput } from './photos';

/** Profile Settings validation per role (spec section 5); only the fields the role may change (section 6). */
const settingsSchemas: Partial<Record<Role, z.ZodType<ProfileChanges>>> = {
  student: studentSettingsRequest,
  training_centre: centreSettingsRequest,
  mentor: mentorSettingsRequest,
};

/** The mentor profile form's contract, with its photo resolved: a new image's bytes, the photo on file, or none. */
const mentorProfileBody = mentorProfileRequest.transform(({ Gas_Safe_Card_Photo: v, ...rest }, ctx) => {
  const photo = (): PhotoInput => {
    if (!v) return null;
    const hash = typeof v === 'string' ? v : v.hash;
    if (/^[0-9a-f]{64}$/.test(hash)) return { keep: hash };
    // A new image: shape, size and type by its first bytes here; decoded in full by resolvePhoto.
    const check = typeof v === 'string' ? checkImageDataUrl(v) : null;
    if (check?.ok) return { upload: dataUrlBytes(check.dataUrl) };
    ctx.addIssue({
      code: 'custom',
      path: ['Gas_Safe_Card_Photo'],
      message: check?.ok === false && check.reason === 'too_large' ? PHOTO_TOO_LARGE : PHOTO_NOT_IMAGE,
    });
    return z.NEVER;
  };
  return { ...rest, Gas_Safe_Card_Photo: photo() };
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
    } = validate(mentorProfileBody, req.body);
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
