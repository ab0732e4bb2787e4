import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useUnreadCountQuery } from '../api/notifications-api';
import { lazyDialog } from '../../../components/lazy-dialog';
import { badgeText } from '../lib/format';

const NotificationsDialog = lazyDialog(
  () => import('./notifications-dialog').then((m) => m.NotificationsDialog),
  (p) => p.open,
  'Loading notifications...',
);

/** The dashboard header's bell (spec §2): unread badge, 9+ above 9; opens the Notifications modal. */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const { data } = useUnreadCountQuery();
  const unread = data?.unread ?? 0;
  // The name includes the badge's visible text (9+), as WCAG 2.5.3 (label in name) asks.
  const label = unread ? `Notifications, ${badgeText(unread)} unread` : 'Notifications';
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
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
      <NotificationsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
