import { signatureIdOf } from '@panda/events/catalogue/training';
import { DUPLICATE_DISTANCE, hammingDistance, hashBands } from '@panda/platform/perceptual-hash';
import type { Doc } from '../read-store';
import { collection } from '../typed-collection';
import { audienceOf, defineProjection } from '../typed-projection';

/** docs/read-models.md#job-photos */
const JOB_PHOTO_REFS = 'job_photo_refs';
const BANDS = DUPLICATE_DISTANCE + 1;
const bandFields = Array.from({ length: BANDS }, (_, i) => `band${i}`);

export interface JobPhotoDoc {
  id: string;
  mentor_id: string;
  sha256: string;
  dhash: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  uploaded_at: string;
  /** The sign-off that uses it, and its card, student and centre; null while unused. */
  signature_id: string | null;
  job_id: string | null;
  student_id: string | null;
  centre_id: string | null;
  /** Photos already on other cards within DUPLICATE_DISTANCE bits of this one's dHash. */
  duplicate_of: string[];
  /** `band<i>`: the dHash's bands, set once the photo is on a card (see hashBands). */
  [band: `band${number}`]: string | null;
  _audience: string[];
}

/** `student:<id>`: the student's centre. */
interface StudentRefDoc extends Doc {
  centre_id: string | null;
}

export const jobPhotos = collection<JobPhotoDoc>('job_photos');
const studentRefs = collection<StudentRefDoc>(JOB_PHOTO_REFS);

export const jobPhotosProjection = defineProjection({
  name: 'job_photos',
  collections: { [jobPhotos.name]: ['signature_id', 'uploaded_at', ...bandFields], [JOB_PHOTO_REFS]: [] },
  on: {
    StudentRegistered: ({ data: d }, ctx) =>
      studentRefs.in(ctx).put({ id: `student:${d.accountId}`, centre_id: d.centreId }),
    JobPhotoUploaded: ({ time, data: d }, ctx) =>
      jobPhotos.in(ctx).put({
        id: d.photoId,
        mentor_id: d.mentorId,
        sha256: d.sha256,
        dhash: d.dhash,
        content_type: d.contentType,
        size: d.size,
        width: d.width,
        height: d.height,
        uploaded_at: time,
        signature_id: null,
        job_id: null,
        student_id: null,
        centre_id: null,
        duplicate_of: [],
        ...Object.fromEntries(bandFields.map((f) => [f, null])),
        _audience: [d.mentorId],
      }),
    // Unused for a day and swept (docs/rules.md#unused-photos): no one sees it any more.
    JobPhotoDiscarded: ({ data: d }, ctx) => jobPhotos.in(ctx).delete(d.photoId),
    JobCardSigned: async ({ data: d }, ctx) => {
      if (!d.evidence?.photos.length) return;
      const signatureId = signatureIdOf(d);
      const centreId = (await studentRefs.in(ctx).get(`student:${d.studentId}`))?.centre_id ?? null;
      for (const p of d.evidence.photos) {
        const doc = await jobPhotos.in(ctx).get(p.photoId);
        if (!doc) continue;
        const bands = hashBands(p.dhash);
        // Look-alikes already on another card: those sharing a band, then compared bit by bit.
        const alike = new Set<string>();
        for (const [i, band] of bands.entries())
          for (const other of await jobPhotos.in(ctx).find({ [`band${i}`]: band }))
            if (
              other.id !== doc.id &&
              other.signature_id !== signatureId &&
              hammingDistance(other.dhash, p.dhash) <= DUPLICATE_DISTANCE
            )
              alike.add(other.id);
        jobPhotos.in(ctx).put({
          ...doc,
          signature_id: signatureId,
          job_id: d.jobId,
          student_id: d.studentId,
          centre_id: centreId,
          duplicate_of: [...alike].sort(),
          ...Object.fromEntries(bands.map((b, i) => [`band${i}`, b])),
          _audience: audienceOf(d.mentorId, d.studentId, centreId),
        });
      }
    },
  },
});
