import type { EventStore } from '@panda/events/event-store';
import { WrongExpectedVersionError } from '@panda/events/event-store';
import { jobPhotoStream, PHOTO_UNUSED_HOURS } from '@panda/events/catalogue/photos';
import type { BlobStore } from '@panda/platform/blob-store';
import type { Logger } from '@panda/platform/logger';
import type { ReadStore } from '@panda/projections/read-store';
import { jobPhotos } from '@panda/projections/read-models/job-photos';
import { logIndexOf } from '@panda/command-service/shared/log-index';

export const PHOTO_SWEEPER = 'photo-sweeper';
/** How often the sweep looks for expired photos in `npm start` (tests call tick() with a fake clock). */
export const PHOTO_SWEEP_MS = 10 * 60_000;
/**
 * The sweep takes a photo an hour after a sign-off stops taking it, so a sign-off that was checked
 * just before the photo expired has long been recorded (or refused) when the sweep looks.
 */
export const PHOTO_SWEEP_GRACE_MS = 3_600_000;
/** How many expired photos one tick takes, the oldest first. */
const PER_TICK = 500;

/**
 * Removes job-card photos no sign-off used within PHOTO_UNUSED_HOURS (docs/rules.md#unused-photos).
 * Due by time, not by an event, so it is a ticker with the clock injected, as the reminders are.
 * Each tick reads the photos still unused and uploaded before the cut-off (`job_photos`, folded
 * from events), checks on the write side (the log index) that each is still unused, deletes its
 * image from the blob store unless something else holds the same bytes, and appends
 * `JobPhotoDiscarded` to the photo's stream after its upload (expected version), which the store
 * refuses a second time: a photo is discarded exactly once, whoever ticks. The blob goes first, so
 * a crash between the two leaves the photo for the next tick, never a lost image of a card: a
 * photo this old is refused by every sign-off already.
 */
export class PhotoSweeper {
  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    private readonly blobs: BlobStore,
    private readonly clock: () => Date,
    private readonly logger?: Logger,
  ) {}

  /** Discards every photo expired at the clock's now; answers how many it recorded. */
  async tick(): Promise<number> {
    const now = this.clock();
    const cutOff = new Date(now.getTime() - PHOTO_UNUSED_HOURS * 3_600_000 - PHOTO_SWEEP_GRACE_MS).toISOString();
    const expired = await this.readStore.find(
      jobPhotos,
      { signature_id: null, uploaded_at: { $lte: cutOff } },
      { sort: { uploaded_at: 1 }, limit: PER_TICK },
    );
    const index = logIndexOf(this.store);
    let discarded = 0;
    for (const doc of expired) {
      const stream = jobPhotoStream(doc.id);
      const events = await this.store.readStream(stream);
      const upload = events.find((e) => e.type === 'JobPhotoUploaded');
      if (!upload || events.some((e) => e.type === 'JobPhotoDiscarded')) continue;
      // The write side's word: no sign-off has taken it (the read model may be a moment behind).
      const known = (await index.uploadedPhotos([doc.id]))[doc.id];
      if (!known || known.usedBy) continue;
      const blobDeleted = !(await index.blobHeldElsewhere(doc.sha256, doc.id));
      if (blobDeleted) await this.deleteBlob(doc.sha256, doc.id);
      try {
        const r = await this.store.append(
          stream,
          [
            {
              type: 'JobPhotoDiscarded',
              data: { photoId: doc.id, sha256: doc.sha256, uploadedAt: upload.time, blobDeleted },
            },
          ],
          upload.streamVersion,
          { time: now.toISOString(), actorId: null, correlationId: doc.id, commandId: `photo-discarded:${doc.id}` },
        );
        if (!r.duplicate) discarded += 1;
      } catch (err) {
        // Discarded already (by another tick or process): the store appended nothing.
        if (!(err instanceof WrongExpectedVersionError)) throw err;
      }
    }
    if (discarded) this.logger?.info({ discarded }, 'unused photos removed');
    return discarded;
  }

  /**
   * Deletes the blob; should the same bytes have been uploaded again meanwhile (the upload stores
   * the blob before it records the photo), they are put back.
   */
  private async deleteBlob(hash: string, photoId: string) {
    const blob = await this.blobs.get(hash);
    await this.blobs.delete(hash);
    if (blob && (await logIndexOf(this.store).blobHeldElsewhere(hash, photoId)))
      await this.blobs.put(blob.bytes, blob.content_type);
  }
}
