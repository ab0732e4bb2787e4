import { describe, expect, it } from 'vitest';
import { PRE_EVIDENCE_LABEL } from '@panda/contracts/evidence';
import { testUser } from '../../../testing/fixtures';
import { auditSignOffFixture, auditSignaturesFixture, auditSignaturesHandler } from '../../../testing/handlers/audit';
import { jobPhotoHandler, useBlobUrls } from '../../../testing/handlers/photos';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { SignaturesPanel } from './signatures-panel';

const session = { token: 'admin-token', user: testUser('admin') };

describe('SignaturesPanel (auditors)', () => {
  it('shows both times on a sign-off received more than 24 hours after the device captured it, and only there', async () => {
    server.use(
      auditSignaturesHandler(
        auditSignaturesFixture([
          // Made in a cellar on the 20th, received on the 22nd: it waited in the outbox.
          auditSignOffFixture(1, '2026-11-20T10:30:00.000Z', '2026-11-22T09:15:00.000Z'),
          auditSignOffFixture(2, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:05.000Z'),
        ]),
      ),
    );
    renderWithProviders(<SignaturesPanel jobId="job-1" asOf={null} />, { session });
    const cards = await screen.findAllByTestId('signoff');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('late-send').textContent).toBe(
      'Sent more than 24 hours after it was made: captured on the device 20 Nov 2026, 10:30, received by Panda 22 Nov 2026, 09:15',
    );
    expect(within(cards[1]).queryByTestId('late-send')).toBeNull();
  });

  describe('evidence', () => {
    useBlobUrls();

    it("shows each card's evidence, photos with their hashes and duplicate flag, and the reflection; an earlier card says it had none", async () => {
      const photos = jobPhotoHandler();
      const sha = (c: string) => c.repeat(64);
      server.use(
        photos.handler,
        auditSignaturesHandler(
          auditSignaturesFixture([
            auditSignOffFixture(1, null, '2026-11-02T09:00:00.000Z'),
            auditSignOffFixture(2, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:05.000Z', {
              hash_version: 2,
              reflection: 'I learnt to check the flue first.',
              evidence: {
                site_postcode: 'M14 6HR',
                appliance: { kind: 'boiler', make: 'Worcester Bosch', model: 'Greenstar 4000' },
                work_done: 'Serviced the boiler: checked the flue, gas rate and safety devices.',
                duration_minutes: 90,
                photos: [
                  { photo_id: 'ph-1', sha256: sha('1'), dhash: 'f0f0f0f0f0f0f0f0', possible_duplicate: false },
                  { photo_id: 'ph-2', sha256: sha('2'), dhash: '0f0f0f0f0f0f0f0f', possible_duplicate: true },
                ],
              },
            }),
          ]),
        ),
      );
      renderWithProviders(<SignaturesPanel jobId="job-1" asOf={null} />, { session });
      const [before, after] = await screen.findAllByTestId('signoff');

      expect(within(before).getByTestId('evidence-note').textContent).toBe(PRE_EVIDENCE_LABEL);
      expect(within(before).queryByRole('list', { name: 'Photos' })).toBeNull();
      expect(within(before).getByText(/^Content hash \(scheme 1\)/)).toBeTruthy();

      const facts = Object.fromEntries(
        within(within(after).getByTestId('audit-evidence'))
          .getAllByRole('term')
          .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
      expect(facts).toEqual({
        'Work done': 'Serviced the boiler: checked the flue, gas rate and safety devices.',
        Appliance: 'Boiler · Worcester Bosch Greenstar 4000',
        'Site postcode': 'M14 6HR',
        'Time on the job': '1 h 30 min',
        Photos: '2',
      });
      const thumbs = within(within(after).getByRole('list', { name: 'Photos' })).getAllByTestId('evidence-photo');
      expect(thumbs.map((t) => t.getAttribute('aria-label'))).toEqual(['Open photo 1 of 2', 'Open photo 2 of 2']);
      await waitFor(() => expect(photos.requested.sort()).toEqual(['ph-1', 'ph-2']));
      expect(within(after).getAllByText('Possible duplicate photo')).toHaveLength(1);
      expect(
        within(after)
          .getAllByTestId('photo-hashes')
          .map((li) => li.textContent),
      ).toEqual([
        `Photo 1: SHA-256 ${sha('1')} · dHash f0f0f0f0f0f0f0f0`,
        `Photo 2: SHA-256 ${sha('2')} · dHash 0f0f0f0f0f0f0f0f`,
      ]);
      expect(within(after).getByTestId('card-reflection').textContent).toBe(
        "Trainee's reflection" + 'I learnt to check the flue first.',
      );
      expect(within(after).getByText(/^Content hash \(scheme 2\)/)).toBeTruthy();
    });
  });
});
