// IndexedDB for the outbox (jsdom has none).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { JOB_PHOTO_NOT_IMAGE } from '@panda/contracts/evidence';
import { testUser } from '../../../testing/fixtures';
import { formKit } from '../../../testing/form-kit';
import { useBlobUrls } from '../../../testing/handlers/photos';
import { jobFixture } from '../../../testing/jobs';
import { descriptionOf, toastMessages } from '../../../testing/queries';
import { recordedRoute } from '../../../testing/recorded-route';
import { expectSentOnce } from '../../../testing/send-once';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor, within } from '../../../testing/test-utils';
import { appOutbox, STORAGE_FULL_MESSAGE } from '../../../lib/outbox';
import { PHOTO_WAITING } from './job-photos-field';
import { QUEUED_SIGN_OFF, SignJobDialog } from './sign-job-dialog';

const session = { token: 'mentor-token', user: testUser('mentor') };
const job = jobFixture({ id: 'job-1', Total_Count: 3, Completed_Count: 1 });
const signed = {
  success: true,
  message: 'Job marked as complete',
  position: 12,
  job: {
    id: 'job-1',
    Student_ID: 'student-1',
    Job_Type: 'Boiler Installs',
    Total_Count: 3,
    Completed_Count: 2,
    status: 'in_progress',
    percent: 67,
    remaining: 1,
    is_complete: false,
  },
  signature: null,
};

const png = (name: string, type = 'image/png') =>
  new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], name, { type });

/** The photo route: each upload answers the next id; a WEBP is refused here, as one the server cannot decode would be. */
function photoRoute() {
  let n = 0;
  const names: string[] = [];
  const route = recordedRoute('POST', '/api/job-photos', ({ ok, fail, request }) => {
    const type = request.headers.get('Content-Type') ?? '';
    names.push(type);
    if (type === 'image/webp') return fail(400, { detail: [{ field: 'photo', message: JOB_PHOTO_NOT_IMAGE }] });
    n += 1;
    return ok(201, { photo_id: `ph-${n}`, sha256: 'a'.repeat(64), position: 10 + n });
  });
  return { route, types: names };
}

async function renderDialog() {
  const photos = photoRoute();
  const complete = recordedRoute('PUT', '/api/jobs/:id/complete', ({ ok }) => ok(200, signed));
  server.use(photos.route.handler, complete.handler);
  const onClose = vi.fn();
  const view = renderWithProviders(<SignJobDialog job={job} onClose={onClose} />, { session });
  const dialog = screen.getByRole('dialog', { name: 'Sign Off Job Card' });
  const input = within(dialog).getByTestId('job-photos-input') as HTMLInputElement;
  return { ...view, ...formKit(view.user, dialog), dialog, input, photos, complete, onClose };
}

async function fillEvidence(kit: Awaited<ReturnType<typeof renderDialog>>) {
  await kit.fill({
    Signature: 'D. Clarke',
    'Site postcode': 'M14 6HR',
    'Work done': 'Replaced the diverter valve and checked the gas rate.',
    'Time on the job (minutes)': '90',
  });
  await kit.user.click(within(kit.dialog).getByRole('combobox', { name: /^Appliance/ }));
  await kit.user.click(await screen.findByRole('option', { name: 'Boiler' }));
}

// Many typed fields and three uploads: slower than a form of two fields on 2 shared cores.
describe('SignJobDialog (Sign Off Job Card)', { timeout: 60_000 }, () => {
  useBlobUrls();

  it("shows the contract's message under each empty evidence field, one toast, and sends nothing", async () => {
    const { field, submit, complete } = await renderDialog();
    await submit('Sign & Complete');
    await waitFor(() => expect(descriptionOf(field('Signature'))).toBe('Please fill in all signature fields'));
    expect(descriptionOf(field('Work done'))).toBe('Please describe the work done (20 to 2000 characters)');
    expect(descriptionOf(field('Time on the job (minutes)'))).toBe(
      'Time on the job must be between 15 and 720 minutes',
    );
    expect(toastMessages()).toEqual(['Please correct the highlighted fields']);
    expect(complete.sent).toHaveLength(0);
  });

  it('uploads each photo with its progress shown, lets one be removed, and signs the card with the others', async () => {
    const kit = await renderDialog();
    await fillEvidence(kit);
    kit.photos.route.hold();
    await kit.user.upload(kit.input, [png('boiler.png'), png('flue.jpg', 'image/jpeg'), png('meter.png')]);

    // While they upload: a progress bar per photo, and the card cannot be signed yet.
    const items = within(kit.dialog).getAllByTestId('job-photo-item');
    expect(items).toHaveLength(3);
    for (const [i, item] of items.entries())
      expect(within(item).getByRole('progressbar', { name: `Photo ${i + 1} upload` })).toBeTruthy();
    expect(within(kit.dialog).getByTestId('job-photos-hold').textContent).toBe('Wait until every photo has uploaded');
    expect(kit.button('Sign & Complete').disabled).toBe(true);
    expect(within(kit.dialog).getByText('Photos (3 of 6)')).toBeTruthy();

    kit.photos.route.release();
    await waitFor(() => expect(within(kit.dialog).getAllByText('Uploaded')).toHaveLength(3));
    expect(kit.photos.types).toEqual(['image/png', 'image/jpeg', 'image/png']);
    expect(within(kit.dialog).getByRole('img', { name: 'Photo 2: flue.jpg' }).getAttribute('src')).toMatch(/^blob:/);

    // The second photo is removed before signing: the card carries the first and the third.
    await kit.user.click(within(kit.dialog).getByRole('button', { name: 'Remove photo 2' }));
    expect(within(kit.dialog).getAllByTestId('job-photo-item')).toHaveLength(2);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-2');

    const body = await expectSentOnce({
      route: kit.complete,
      submit: () => kit.submit('Sign & Complete'),
      pending: 'Signing...',
      scope: kit.dialog,
      answered: () => waitFor(() => expect(kit.onClose).toHaveBeenCalledTimes(1)),
    });
    expect(body).toMatchObject({
      mentor_signature: { signature: 'D. Clarke', mentorName: expect.any(String) },
      site_postcode: 'M14 6HR',
      appliance: { kind: 'boiler', make: null, model: null },
      work_done: 'Replaced the diverter valve and checked the gas rate.',
      duration_minutes: 90,
      photo_ids: ['ph-1', 'ph-3'],
    });
    expect(toastMessages()).toEqual(['Job marked as complete! (card 2 of 3 signed)']);
  });

  it('marks a refused photo on its own and keeps the other photos and the typed fields', async () => {
    const kit = await renderDialog();
    await fillEvidence(kit);
    // A phone's HEIC photo (not a type the route takes: refused before it is sent), then a photo the server refuses.
    await kit.user.upload(kit.input, [png('site.png'), png('IMG_0042.heic', 'image/heic')]);
    await waitFor(() => expect(within(kit.dialog).getByText('Uploaded')).toBeTruthy());
    const [good, heic] = within(kit.dialog).getAllByTestId('job-photo-item');
    expect(good.dataset.status).toBe('uploaded');
    expect(heic.dataset.status).toBe('failed');
    expect(within(heic).getByText(JOB_PHOTO_NOT_IMAGE)).toBeTruthy();
    expect(kit.photos.route.sent).toHaveLength(1);

    await kit.user.upload(kit.input, png('broken.webp', 'image/webp'));
    const refused = (await within(kit.dialog).findAllByTestId('job-photo-item'))[2];
    await waitFor(() => expect(refused.dataset.status).toBe('failed'));
    expect(within(refused).getByText(JOB_PHOTO_NOT_IMAGE)).toBeTruthy();
    // A refused photo is removed, not retried; until then the card waits.
    expect(within(refused).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(kit.dialog).getByTestId('job-photos-hold').textContent).toBe(
      'Retry or remove the photo that did not upload',
    );
    expect(kit.button('Sign & Complete').disabled).toBe(true);
    expect(kit.field('Site postcode').value).toBe('M14 6HR');

    await kit.user.click(within(kit.dialog).getByRole('button', { name: 'Remove photo 3' }));
    await kit.user.click(within(kit.dialog).getByRole('button', { name: 'Remove photo 2' }));
    await kit.submit('Sign & Complete');
    await waitFor(() => expect(kit.onClose).toHaveBeenCalled());
    expect(kit.complete.sent[0]).toMatchObject({ photo_ids: ['ph-1'], site_postcode: 'M14 6HR' });
  });

  it('with no signal keeps a photo on the device and puts the card in the outbox with it, sending nothing', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    // jsdom has no image decoding: the device's resize is stood in for (lib/outbox/photos.test.ts covers its sizes).
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 4000, height: 3000, close: () => {} }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext = () => ({ drawImage: () => {} });
        convertToBlob = () => Promise.resolve(new Blob([new Uint8Array(16)], { type: 'image/jpeg' }));
      },
    );
    try {
      const kit = await renderDialog();
      await fillEvidence(kit);
      await kit.user.upload(kit.input, png('site.png'));
      const [item] = within(kit.dialog).getAllByTestId('job-photo-item');
      expect(item.dataset.status).toBe('waiting');
      expect(within(item).getByText(PHOTO_WAITING)).toBeTruthy();
      expect(kit.button('Sign & Complete').disabled).toBe(false);

      await kit.submit('Sign & Complete');
      await waitFor(() => expect(kit.onClose).toHaveBeenCalledTimes(1));
      expect(toastMessages()).toEqual([QUEUED_SIGN_OFF]);
      expect(kit.photos.route.sent).toHaveLength(0);
      expect(kit.complete.sent).toHaveLength(0);
      const [queued] = await (await appOutbox()).list(session.user.id);
      expect(queued).toMatchObject({ kind: 'sign-off', path: '/jobs/job-1/complete', uploadIdsField: 'photo_ids' });
      expect(queued.body).toMatchObject({ site_postcode: 'M14 6HR', photo_ids: [] });
      // The resized JPEG (fake-indexeddb's copy of a jsdom Blob keeps neither its type nor its bytes).
      expect(queued.uploads.map((u) => u.name)).toEqual(['site.jpg']);
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });
  it('with no signal and no room left on the device says so before accepting it, keeping the form', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    // 2 MB free: less than the room the outbox keeps free beyond an item (docs/rules.md#outbox).
    const estimate = () => Promise.resolve({ quota: 100_000_000, usage: 98_000_000 });
    Object.defineProperty(window.navigator, 'storage', { value: { estimate }, configurable: true });
    try {
      const box = await appOutbox();
      const before = (await box.list(session.user.id)).length;
      const kit = await renderDialog();
      await fillEvidence(kit);
      await kit.submit('Sign & Complete');
      await waitFor(() => expect(toastMessages()).toEqual([STORAGE_FULL_MESSAGE]));
      expect(kit.onClose).not.toHaveBeenCalled();
      expect(kit.complete.sent).toHaveLength(0);
      expect(await box.list(session.user.id)).toHaveLength(before);
      expect(within(kit.dialog).getByRole('textbox', { name: /^Work done/ })).toHaveProperty(
        'value',
        'Replaced the diverter valve and checked the gas rate.',
      );
    } finally {
      delete (window.navigator as { storage?: unknown }).storage;
      vi.restoreAllMocks();
    }
  });
});
