import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';

// The form and its recipients list load when the dialog first opens.
const CreateAnnouncementDialog = lazyDialog(
  () => import('./create-announcement-dialog').then((m) => m.CreateAnnouncementDialog),
  (p) => p.open,
  'Loading the announcement form...',
);

/** "Create Announcement" (spec §2; docs/rules.md#announcement-recipients): centres to their students, mentors to their placed students. */
export function CreateAnnouncementButton({
  variant = 'outlined',
  sx,
}: {
  variant?: 'outlined' | 'contained';
  sx?: object;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<CampaignOutlined />} onClick={() => setOpen(true)} sx={sx}>
        Create Announcement
      </Button>
      <CreateAnnouncementDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
