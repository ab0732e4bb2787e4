import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { readHeaders } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { useAppSelector } from '../lib/hooks';
import { selectToken } from '../lib/session';
import { toast } from '../lib/toast';

/**
 * Downloads a student's portable credential (docs/rules.md#portable-credential): the signed `.jwt` file
 * that anyone verifies offline against the keys at /.well-known/jwks.json.
 */
export function CredentialDownloadButton({ studentId }: { studentId: string }) {
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/students/${encodeURIComponent(studentId)}/credential`, {
        headers: readHeaders(token),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
        throw new Error(typeof body?.detail === 'string' ? body.detail : `Download failed (${res.status})`);
      }
      const name =
        /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'panda-credential.jwt';
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
      toast.success('Credential downloaded');
    } catch (err) {
      toast.error(errorMessage(err, 'Download failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<WorkspacePremiumOutlined />}
      onClick={() => void download()}
      disabled={busy}
      sx={{ alignSelf: 'flex-start' }}
    >
      {busy ? 'Preparing credential...' : 'Download credential'}
    </Button>
  );
}
