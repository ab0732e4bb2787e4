import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Component, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Notification, NotificationType } from '@panda/contracts/notifications';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsInfiniteQuery,
  useUnreadCountQuery,
  type InboxFilter,
} from '../api/notifications-api';
import { dayLabel } from '../lib/format';

/** Spec §8: what the panel shows when it cannot load or crashes. */
export const NOTIFICATIONS_UNAVAILABLE = 'Unable to load notifications at this time.';

type TabKey = InboxFilter;
const TABS: { key: TabKey; label: string; empty: string }[] = [
  { key: 'all', label: 'All', empty: 'No notifications yet.' },
  { key: 'unread', label: 'Unread', empty: 'You are all caught up.' },
  { key: 'announcements', label: 'Announcements', empty: 'No announcements yet.' },
];

const ICONS: Record<NotificationType, ReactNode> = {
  info: <InfoOutlined color="info" />,
  success: <CheckCircleOutlineOutlined color="success" />,
  warning: <WarningAmberOutlined color="warning" />,
  assignment: <AssignmentIndOutlined color="primary" />,
  message: <ChatBubbleOutlineOutlined color="primary" />,
  announcement: <CampaignOutlined color="secondary" />,
};
/** Priority shows in the chip's words; the border colour only repeats it (text keeps full contrast). */
const PRIORITY_BORDER = { low: 'divider', normal: 'info.main', medium: 'warning.main', high: 'error.main' } as const;

class PanelBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  override render() {
    return this.state.crashed ? <Alert severity="error">{NOTIFICATIONS_UNAVAILABLE}</Alert> : this.props.children;
  }
}

export function NotificationsDialog({
  open,
  onClose,
  initialTab = 'all',
}: {
  open: boolean;
  onClose: () => void;
  /** The tab it opens on (an arrived announcement opens Announcements). */
  initialTab?: TabKey;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="notifications-title"
    >
      {open && (
        <PanelBoundary>
          <NotificationsPanel onClose={onClose} initialTab={initialTab} />
        </PanelBoundary>
      )}
    </Dialog>
  );
}

function NotificationsPanel({ onClose, initialTab }: { onClose: () => void; initialTab: TabKey }) {
  const [tab, setTab] = useState<TabKey>(initialTab);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // docs/rules.md#list-paging: each tab is the server's list (unread, announcements), paged newest first and searched there.
  // `currentData`: another tab's or search's list never shows under this one while it loads.
  const {
    currentData: data,
    isFetching,
    isError,
    refetch,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  } = useNotificationsInfiniteQuery({ filter: tab, q: q || undefined });
  const unread = useUnreadCountQuery().data?.unread ?? 0;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const { items: shown, total } = loadedItems(data);
  const current = TABS.find((t) => t.key === tab)!;

  const open = (n: Notification) => {
    if (!n.read) void markRead(n);
    onClose();
    navigate(n.link);
  };

  return (
    <>
      <DialogTitle id="notifications-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          Notifications
        </Box>
        <Button
          size="small"
          startIcon={<DoneRounded />}
          disabled={!unread || markingAll}
          onClick={() => void markAllRead()}
        >
          Mark all read
        </Button>
        <IconButton aria-label="Close notifications" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setTab(v)}
        variant="fullWidth"
        aria-label="Notification filters"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.key === 'unread' && unread ? `${t.label} (${unread})` : t.label}
            id={`notifications-tab-${t.key}`}
            aria-controls="notifications-tabpanel"
            // Three tabs share a phone's 390 px: less side padding and a smaller font keep "Announcements" whole (docs/rules.md#nothing-cut).
            sx={{ minWidth: 0, px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } }}
          />
        ))}
      </Tabs>
      <Box sx={{ px: 2, pt: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          type="search"
          label="Search notifications"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </Box>
      <DialogContent
        sx={{ p: 0, minHeight: 240 }}
        id="notifications-tabpanel"
        role="tabpanel"
        aria-labelledby={`notifications-tab-${tab}`}
      >
        {!data && isFetching ? (
          <Stack alignItems="center" sx={{ py: 6 }}>
            <CircularProgress aria-label="Loading notifications" />
          </Stack>
        ) : isError && !data ? (
          <Box sx={{ p: 2 }}>
            <RetryAlert onRetry={() => void refetch()}>{NOTIFICATIONS_UNAVAILABLE}</RetryAlert>
          </Box>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }} role="status">
            {q ? `No notifications match “${q}”.` : current.empty}
          </Typography>
        ) : (
          <>
            <List disablePadding aria-label={`${current.label} notifications`}>
              {shown.map((n) => (
                <ListItem
                  key={n.id}
                  disablePadding
                  divider
                  secondaryAction={
                    n.read ? undefined : (
                      <Tooltip title="Mark as read">
                        <IconButton
                          edge="end"
                          aria-label={`Mark "${n.title}" as read`}
                          onClick={() => void markRead(n)}
                        >
                          <DoneRounded />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                  sx={{ bgcolor: n.read ? 'transparent' : 'action.hover' }}
                >
                  <ListItemButton
                    onClick={() => open(n)}
                    sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, pr: n.read ? 2 : 7 }}
                    data-testid="notification-item"
                  >
                    <Box sx={{ pt: 0.25 }} aria-hidden>
                      {ICONS[n.type]}
                    </Box>
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                        <Typography component="span" fontWeight={n.read ? 500 : 700}>
                          {n.title}
                        </Typography>
                        {!n.read && <Chip label="New" size="small" color="primary" sx={{ height: 20 }} />}
                        {n.priority && n.type === 'announcement' && (
                          <Chip
                            label={`${n.priority} priority`}
                            size="small"
                            variant="outlined"
                            sx={{ height: 20, borderColor: PRIORITY_BORDER[n.priority], borderWidth: 2 }}
                          />
                        )}
                      </Stack>
                      {/* The whole text, wrapped to two lines before it is cut (docs/rules.md#notification-text). */}
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        data-testid="notification-message"
                        title={n.message}
                        sx={{
                          overflowWrap: 'anywhere',
                          display: '-webkit-box',
                          WebkitLineClamp: 2,
                          WebkitBoxOrient: 'vertical',
                          overflow: 'hidden',
                        }}
                      >
                        {n.message}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {dayLabel(n.created_at)}
                        {n.from_user ? ` · from ${n.from_user}` : ''}
                      </Typography>
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            <Box sx={{ px: 2 }}>
              <LoadMore
                noun={['notification', 'notifications']}
                shown={shown.length}
                total={total}
                pages={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
              />
            </Box>
          </>
        )}
      </DialogContent>
    </>
  );
}
