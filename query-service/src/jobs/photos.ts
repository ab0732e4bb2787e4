import { Router } from 'express';
import { authOf, authenticate, type AuthContext } from '@panda/platform/http';
import { notFound } from '@panda/platform/errors';
import { jobPhotos, type JobPhotoDoc } from '@panda/projections/read-models/job-photos';
import type { SignatureEntry } from '@panda/projections/read-models/training';
import type { QueryDeps } from '../shared/deps';

/**
 * Who may see a job-card photo (docs/rules.md#evidence): the mentor who uploaded it, and once it is on
 * a card the student and their centre; admins and auditors always.
 */
export function maySeePhoto(who: AuthContext, photo: JobPhotoDoc): boolean {
  if (who.role === 'admin' || who.role === 'auditor') return true;
  if (who.id === photo.mentor_id) return true;
  if (who.role === 'student') return who.id === photo.student_id;
  if (who.role === 'training_centre') return photo.centre_id !== null && who.id === photo.centre_id;
  return false;
}

/** GET /api/job-photos/:id: the stored image to those who may see it; 404 to anyone else. */
export function jobPhotoQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  r.get('/api/job-photos/:id', authenticate(deps.authenticator), async (req, res) => {
    const photo = await deps.readStore.get(jobPhotos, String(req.params.id));
    // Anyone who may not see it learns nothing, not even that it exists.
    if (!photo || !maySeePhoto(authOf(req), photo)) throw notFound('Photo not found');
    const etag = `"${photo.sha256}"`;
    res.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    if (req.header('If-None-Match') === etag) return void res.status(304).end();
    const blob = await deps.blobs.get(photo.sha256);
    if (!blob) throw notFound('Photo not found');
    res.type(photo.content_type).send(blob.bytes);
  });
  return r;
}

/** Who is told a photo is a 'Possible duplicate photo' (docs/rules.md#evidence). */
const SEES_DUPLICATES = new Set(['training_centre', 'admin', 'auditor']);

/** Copies of the histories with each photo's duplicate flag, for the centre, admins and auditors (else null). */
export async function withPhotoFlags(
  rs: QueryDeps['readStore'],
  who: AuthContext,
  lists: SignatureEntry[][],
): Promise<SignatureEntry[][]> {
  if (!SEES_DUPLICATES.has(who.role)) return lists;
  const ids = lists.flat().flatMap((e) => e.evidence?.photos.map((p) => p.photo_id) ?? []);
  if (!ids.length) return lists;
  const docs = await jobPhotos.from(rs).find({ id: { $in: ids } });
  const flagged = new Map(docs.map((d) => [d.id, d.duplicate_of.length > 0]));
  return lists.map((list) =>
    list.map((e) =>
      e.evidence
        ? {
            ...e,
            evidence: {
              ...e.evidence,
              photos: e.evidence.photos.map((p) => ({ ...p, possible_duplicate: flagged.get(p.photo_id) ?? false })),
            },
          }
        : e,
    ),
  );
}
