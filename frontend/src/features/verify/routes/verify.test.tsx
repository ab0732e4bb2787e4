import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { receiptLink, type Receipt } from '@panda/contracts/receipt';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, waitFor } from '../../../testing/test-utils';
import { VerifyRoute } from './verify';

/** Follows a link inside the app, as a QR code scanned or an address pasted while /verify is open does. */
function FollowLink({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      follow link
    </button>
  );
}

const receipt = (leaf: number) => ({ leaf_index: leaf, content_hash: `hash-${leaf}` }) as unknown as Receipt;

describe('VerifyRoute (/verify)', () => {
  it('shows the receipt of a link followed while the page is open, in place of the one it showed', async () => {
    server.use(http.get('*/api/audit/log-key', () => HttpResponse.text('localhost/log+0a1b2c3d+AQID')));
    const first = receiptLink('', receipt(1));
    const second = receiptLink('', receipt(2));
    const { user } = renderWithProviders(
      <>
        <VerifyRoute />
        <FollowLink to={second} />
      </>,
      { route: first },
    );
    const field = screen.getByLabelText<HTMLTextAreaElement>('Receipt (JSON)');
    expect(JSON.parse(field.value)).toEqual(receipt(1));

    await user.click(screen.getByRole('button', { name: 'follow link' }));
    await waitFor(() => expect(JSON.parse(field.value)).toEqual(receipt(2)));
  });
});
