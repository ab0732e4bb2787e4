import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evidencedContentHash, type EvidencedCardContent } from './signature-hash';

/** What a scheme 2 content hash covers (docs/rules.md#evidence): every field, each photo's SHA-256 included. */

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const card: EvidencedCardContent = {
  studentId: 's1',
  jobType: 'Repair',
  count: 1,
  completedAt: '2026-01-05T10:30:00.000Z',
  mentorId: 'm1',
  signature: {
    signature: 'D Clarke',
    mentorName: 'Dave Clarke',
    date: '2026-01-05',
    time: '10:30',
    timestamp: '2026-01-05T10:30:00.000Z',
  },
  signedAt: '2026-01-05T11:00:00.000Z',
  capturedAt: '2026-01-05T10:30:00.000Z',
  evidence: {
    sitePostcode: 'M1 1AA',
    appliance: { kind: 'boiler', make: 'Worcester', model: null },
    workDone: 'Replaced the diverter valve and tested the system',
    durationMinutes: 90,
    photos: [
      { photoId: 'ph-a', sha256: sha('a'), dhash: '0f0f0f0f0f0f0f0f' },
      { photoId: 'ph-b', sha256: sha('b'), dhash: 'f0f0f0f0f0f0f0f0' },
    ],
  },
};
const withPhotos = (photos: EvidencedCardContent['evidence']['photos']): EvidencedCardContent => ({
  ...card,
  evidence: { ...card.evidence, photos },
});

describe('the scheme 2 content hash', () => {
  it("changes with any photo's SHA-256, with a photo added or left out, and with the photos' order", () => {
    const signed = evidencedContentHash(card);
    const [a, b] = card.evidence.photos;
    // Another image under the same id and perceptual hash: only its SHA-256 differs.
    expect(evidencedContentHash(withPhotos([a, { ...b, sha256: sha('another image') }]))).not.toBe(signed);
    expect(evidencedContentHash(withPhotos([a]))).not.toBe(signed);
    expect(evidencedContentHash(withPhotos([]))).not.toBe(signed);
    expect(evidencedContentHash(withPhotos([b, a]))).not.toBe(signed);
    expect(evidencedContentHash(withPhotos([a, { ...b, dhash: '0000000000000000' }]))).not.toBe(signed);
    // The same content always gives the same hash.
    expect(evidencedContentHash(structuredClone(card))).toBe(signed);
  });

  it('changes with every evidence field and both times', () => {
    const signed = evidencedContentHash(card);
    const changes: Partial<EvidencedCardContent>[] = [
      { evidence: { ...card.evidence, sitePostcode: 'M2 2BB' } },
      { evidence: { ...card.evidence, appliance: { ...card.evidence.appliance, kind: 'water_heater' } } },
      { evidence: { ...card.evidence, appliance: { ...card.evidence.appliance, model: 'Greenstar' } } },
      { evidence: { ...card.evidence, workDone: `${card.evidence.workDone}.` } },
      { evidence: { ...card.evidence, durationMinutes: 91 } },
      { signedAt: '2026-01-05T11:00:01.000Z' },
      { capturedAt: null },
    ];
    for (const change of changes)
      expect(evidencedContentHash({ ...card, ...change }), JSON.stringify(change)).not.toBe(signed);
  });
});
