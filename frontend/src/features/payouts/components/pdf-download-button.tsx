import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { downloadWithToken } from '../../../lib/download';
import { useAppSelector } from '../../../lib/hooks';
import { selectToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/** Downloads an invoice's or a credit note's PDF with the session's token; a refusal is a toast. */
export function PdfDownloadButton({
  url,
  fileName,
  label,
  ariaLabel,
}: {
  url: string;
  fileName: string;
  label: string;
  ariaLabel: string;
}) {
  const token = useAppSelector(selectToken);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadWithToken(url, token, fileName);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Download failed');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlined />}
      onClick={() => void download()}
      disabled={downloading}
      aria-label={ariaLabel}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {downloading ? 'Downloading...' : label}
    </Button>
  );
}
