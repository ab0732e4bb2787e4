import { Router } from 'express';
import { EDITABLE_PROFILE_FIELDS, type ImageRef } from '@panda/events/catalogue/profiles';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { forbidden, notFound, unauthorized } from '@panda/platform/errors';
import { dataUrlBytes, decodeImage, inlineImage } from '@panda/platform/images';
import type { BlobStore } from '@panda/platform/blob-store';
import { type AccountDoc, accounts } from '@panda/projections/read-models/accounts';
import { emptyMentorProfile, photoView, mentorProfiles } from '@panda/projections/read-models/mentor-profiles';
import { students, centreStats, mentorStats } from '@panda/projections/read-models/training';
import type { ReadStore } from '@panda/projections/read-store';
import type { QueryDeps } from '../shared/deps';
import { pick } from '../shared/pick';
import { accountOf, person, studentCard } from '../students/views';

/** The mentor's business profile, empty fields while they never saved one. */
async function mentorProfile(rs: ReadStore, id: string) {
  const doc = (await rs.get(mentorProfiles, id)) ?? emptyMentorProfile(id, '');
  const { _audience: _a, updated_at: _u, id: _id, ...fields } = doc;
  return { ...fields, Gas_Safe_Card_Photo: photoView(id, doc.Gas_Safe_Card_Photo) };
}

/** The bytes to serve: the blob as stored (encoded again on upload), or an inline photo decoded and encoded again; null if none. */
async function photoBytes(
  blobs: BlobStore,
  photo: ImageRef | string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (typeof photo !== 'string') {
    const blob = await blobs.get(photo.hash);
    return blob && { bytes: blob.bytes, contentType: photo.content_type };
  }
  const decoded = await decodeImage(dataUrlBytes(photo));
  return decoded.ok ? { bytes: decoded.image.bytes, contentType: decoded.image.contentType } : null;
}

/** Profile Settings data per role (spec sections 2 and 3); passwords are never part of it (docs/rules.md#passwords-never-shown). */
async function profileOf(rs: ReadStore, acc: AccountDoc) {
  const base = {
    ...pick(acc, ['id', 'role', 'First_Name', 'Last_Name', 'Name', 'Email', 'Created_At', 'must_change_password']),
    editable_fields: EDITABLE_PROFILE_FIELDS[acc.role],
  };
  switch (acc.role) {
    case 'student': {
      const s = await rs.get(students, acc.id);
      const [mentor, centre] = await Promise.all([accountOf(rs, s?.mentor_id ?? null), accountOf(rs, acc.centre_id)]);
      return {
        ...(s ? studentCard(s) : {}),
        ...base,
        ...pick(acc, ['Phone_Number', 'Postcode', 'Date_Of_Birth']),
        mentor: person(mentor),
        training_centre: person(centre),
        temporary_password_unused: acc.temporary_password_unused,
      };
    }
    case 'mentor': {
      const [profile, stats] = await Promise.all([mentorProfile(rs, acc.id), rs.get(mentorStats, acc.id)]);
      const students = stats?.active_students ?? 0;
      return {
        ...profile,
        ...base,
        vetted: acc.vetted,
        student_count: students,
        Matched: students > 0,
        jobs_supervised: stats?.jobs_supervised ?? 0,
      };
    }
    case 'training_centre': {
      const stats = await rs.get(centreStats, acc.id);
      return { ...base, vetted: acc.vetted, student_count: stats?.total_students ?? 0 };
    }
    default:
      return base;
  }
}

export function profileQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const rs = deps.readStore;

  r.get('/api/profile', auth, async (req, res) => {
    const acc = await rs.get(accounts, authOf(req).id);
    if (!acc) throw unauthorized();
    res.json(await profileOf(rs, acc));
  });

  /** docs/api-training.md; an inline photo from before the blob store is encoded again before it is served. */
  r.get('/api/mentors/:id/gas-safe-photo', auth, async (req, res) => {
    const caller = authOf(req);
    const id = req.params.id as string;
    if (caller.role !== 'mentor' && caller.role !== 'admin') throw forbidden();
    if (caller.role === 'mentor' && caller.id !== id) throw notFound('Not found');
    const photo = (await rs.get(mentorProfiles, id))?.Gas_Safe_Card_Photo;
    if (!photo) throw notFound('No Gas Safe card photo');
    const etag = `"${typeof photo === 'string' ? inlineImage(photo).hash : photo.hash}"`;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    if (req.header('If-None-Match') === etag) return void res.status(304).end();
    const image = await photoBytes(deps.blobs, photo);
    if (!image) {
      res.removeHeader('ETag');
      throw notFound('No Gas Safe card photo');
    }
    res.type(image.contentType).send(image.bytes);
  });

  r.get('/api/mentor/profile-status', auth, requireRole('mentor'), async (req, res) => {
    const doc = await rs.get(mentorProfiles, authOf(req).id);
    const completed = doc?.profile_completed ?? false;
    res.json({
      profile_completed: completed,
      // The form opens by itself on a first visit while the profile was never completed.
      is_first_time: !completed,
      business_name: doc?.Business_Name ?? null,
      gas_safe_number: doc?.Gas_Safe_Registration_Number ?? null,
    });
  });

  return r;
}
