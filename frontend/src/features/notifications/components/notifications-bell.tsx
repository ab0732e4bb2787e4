import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import type { Notification } from '@panda/contracts/notifications';
import { useLazyLatestAnnouncementQuery, useUnreadCountQuery, type InboxFilter } from '../api/notifications-api';
import { lazyDialog } from '../../../components/lazy-dialog';
import { badgeText } from '../lib/format';

const NotificationsDialog = lazyDialog(
  () => import('./notifications-dialog').then((m) => m.NotificationsDialog),
  (p) => p.open,
  'Loading notifications...',
);

/**
 * An announcement that arrives while the app is open shows itself: the unread announcements go up (the
 * live push refreshes the count), and the newest one is announced in a message with a View action
 * (docs/rules.md#announcement-arrival). Announcements already there when the app opened do not pop up.
 */
function useArrivedAnnouncement(announcementsUnread: number | undefined) {
  const [arrived, setArrived] = useState<Notification | null>(null);
  const [fetchLatest] = useLazyLatestAnnouncementQuery();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (announcementsUnread === undefined) return;
    const before = seen.current;
    seen.current = announcementsUnread;
    if (before === null || announcementsUnread <= before) return;
    fetchLatest()
      .unwrap()
      .then((n) => {
        if (n && !n.read) setArrived(n);
      })
      .catch(() => undefined);
  }, [announcementsUnread, fetchLatest]);
  return [arrived, () => setArrived(null)] as const;
}

/** The dashboard header's bell (spec §2): unread badge, 9+ above 9; opens the Notifications modal. */
export function NotificationsBell() {
  const [open, setOpen] = useState<InboxFilter | null>(null);
  const { data } = useUnreadCountQuery();
  const unread = data?.unread ?? 0;
  const [arrived, dismiss] = useArrivedAnnouncement(data?.announcements_unread);
  // The name includes the badge's visible text (9+), as WCAG 2.5.3 (label in name) asks.
  const label = unread ? `Notifications, ${badgeText(unread)} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setOpen('all')}
          data-testid="notifications-bell"
        >
          <Badge
            badgeContent={unread > 0 ? unread : null}
            max={9}
            color="error"
            data-testid="notifications-badge"
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Snackbar
        open={!!arrived}
        autoHideDuration={12_000}
        onClose={(_e, reason) => reason !== 'clickaway' && dismiss()}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={{ mt: { xs: 7, sm: 8 } }}
      >
        <Alert
          role="status"
          severity="info"
          icon={<CampaignOutlined />}
          onClose={dismiss}
          data-testid="announcement-arrived"
          sx={{ width: { xs: '100%', sm: 380 }, boxShadow: 6, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
          action={
            <Button
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => {
                dismiss();
                setOpen('announcements');
              }}
            >
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
      <NotificationsDialog open={!!open} onClose={() => setOpen(null)} initialTab={open ?? 'all'} />
    </>
  );
}
