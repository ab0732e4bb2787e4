import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { Notification } from '@panda/contracts/notifications';

/** The message that shows an announcement arriving while the app is open (docs/rules.md#announcement-arrival). */
export function AnnouncementArrived({
  arrived,
  onDismiss,
  onView,
}: {
  arrived: Notification | null;
  onDismiss: () => void;
  onView: () => void;
}) {
  return (
    <Snackbar
      open={!!arrived}
      autoHideDuration={12_000}
      onClose={(_e, reason) => reason !== 'clickaway' && onDismiss()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ mt: { xs: 7, sm: 8 } }}
    >
      <Alert
        role="status"
        severity="info"
        icon={<CampaignOutlined />}
        onClose={onDismiss}
        data-testid="announcement-arrived"
        sx={{ width: { xs: '100%', sm: 380 }, boxShadow: 6, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
        action={
          <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={onView}>
            View
          </Button>
        }
      >
        <AlertTitle sx={{ fontWeight: 700 }}>
          New announcement{arrived?.from_user ? ` from ${arrived.from_user}` : ''}
        </AlertTitle>
        {arrived?.title}
      </Alert>
    </Snackbar>
  );
}
