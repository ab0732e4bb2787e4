import { JOB_PHOTO_DEVICE_SIDE } from '@panda/contracts/evidence';
import { describe, expect, it } from 'vitest';
import { fitWithin, outboxPhotos, PHOTO_UNREADABLE } from './photos';

describe('photos kept in the outbox', () => {
  it('brings the longest side down to the device size, keeping the proportions; a small photo keeps its size', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: JOB_PHOTO_DEVICE_SIDE, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: JOB_PHOTO_DEVICE_SIDE });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 10)).toEqual({ width: JOB_PHOTO_DEVICE_SIDE, height: 2 });
  });

  it('refuses, with a message, a file the device cannot read as an image (nothing is queued)', async () => {
    // jsdom has no image decoder: as a browser does with a file that is not an image.
    globalThis.createImageBitmap ??= () => Promise.reject(new DOMException('bad image', 'InvalidStateError'));
    await expect(outboxPhotos([new File(['not an image'], 'notes.txt')])).rejects.toThrow(PHOTO_UNREADABLE);
  });
});
