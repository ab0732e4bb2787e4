import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Notification } from '@panda/contracts/notifications';
import { useLazyLatestAnnouncementQuery, useUnreadCountQuery, type InboxFilter } from '../api/notifications-api';
import { lazyDialog } from '../../../components/lazy-dialog';
import { badgeText } from '../lib/format';

// The arrival notice's code comes only when an announcement arrives, not with every dashboard's first
// load; it shows nothing while that code loads (a passive notice, unlike a dialog the user opened).
const AnnouncementArrived = lazy(() =>
  import('./announcement-arrived').then((m) => ({ default: m.AnnouncementArrived })),
);

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
  // Once shown, the notice stays mounted so that it closes with its transition.
  const [everArrived, setEverArrived] = useState(false);
  if (arrived && !everArrived) setEverArrived(true);
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
      {everArrived && (
        <Suspense fallback={null}>
          <AnnouncementArrived
            arrived={arrived}
            onDismiss={dismiss}
            onView={() => {
              dismiss();
              setOpen('announcements');
            }}
          />
        </Suspense>
      )}
      <NotificationsDialog open={!!open} onClose={() => setOpen(null)} initialTab={open ?? 'all'} />
    </>
  );
}
