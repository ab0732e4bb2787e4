import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { RetryAlert } from '../../../components/retry-alert';
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from '../api/notifications-api';

/** Profile Settings: e-mail for the important notifications (on by default). */
export function NotificationSettingsCard() {
  const { data, isError, refetch } = useNotificationSettingsQuery();
  const [save, { isLoading }] = useSaveNotificationSettingsMutation();
  const change = async (email_important: boolean) => {
    try {
      await save({ email_important }).unwrap();
      toast.success(email_important ? 'E-mail notifications turned on' : 'E-mail notifications turned off');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update notification settings'));
    }
  };
  return (
    <Card component="section" aria-labelledby="notification-settings-title" sx={{ maxWidth: 960 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography
          id="notification-settings-title"
          variant="h6"
          component="h2"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          <NotificationsActiveOutlined sx={{ color: 'primary.main' }} />
          Notification Settings
        </Typography>
        {isError && !data ? (
          <RetryAlert onRetry={() => void refetch()}>Failed to load notification settings</RetryAlert>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={data?.email_important ?? true}
                  disabled={!data || isLoading}
                  onChange={(e) => void change(e.target.checked)}
                />
              }
              label="E-mail me about important notifications"
            />
            <Typography variant="body2" color="text.secondary">
              A new placement request, a disputed sign-off and reminders. Everything else stays in the bell.
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
