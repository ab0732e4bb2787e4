import DataObjectRounded from '@mui/icons-material/DataObjectRounded';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { downloadWithToken } from '../lib/download';
import { errorMessage } from '../lib/errors';
import { useAppSelector } from '../lib/hooks';
import { selectToken } from '../lib/session';
import { toast } from '../lib/toast';

/**
 * Downloads a trainee's portfolio (docs/rules.md#portfolio) as PDF or JSON: the signed-in student's own,
 * or with `studentId` a student of the signed-in centre (or admin).
 */
export function PortfolioDownloads({ studentId }: { studentId?: string }) {
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState<'pdf' | 'json' | null>(null);
  const base = studentId ? `/api/students/${encodeURIComponent(studentId)}/portfolio` : '/api/portfolio';
  const download = async (kind: 'pdf' | 'json') => {
    setBusy(kind);
    try {
      await downloadWithToken(`${base}.${kind}`, token, `portfolio.${kind}`);
      toast.success(`Portfolio (${kind.toUpperCase()}) downloaded`);
    } catch (err) {
      toast.error(errorMessage(err, 'Download failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PictureAsPdf />}
        onClick={() => void download('pdf')}
        disabled={!!busy}
      >
        {busy === 'pdf' ? 'Preparing PDF...' : 'Portfolio (PDF)'}
      </Button>
      <Button
        size="small"
        variant="text"
        startIcon={<DataObjectRounded />}
        onClick={() => void download('json')}
        disabled={!!busy}
      >
        {busy === 'json' ? 'Preparing JSON...' : 'Portfolio (JSON)'}
      </Button>
    </Stack>
  );
}
