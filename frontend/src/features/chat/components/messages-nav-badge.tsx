import Box from '@mui/material/Box';
import { useChatContactsInfiniteQuery } from '../api/chat-api';
import { VisuallyHidden } from '../../../components/visually-hidden';

/** The unread total of every loaded conversation, beside Messages in the sidebar (nothing when all is read). */
export function MessagesNavBadge() {
  const { data } = useChatContactsInfiniteQuery();
  const unread = (data?.pages ?? []).reduce((sum, p) => p.items.reduce((s, c) => s + c.unread_count, sum), 0);
  if (!unread) return null;
  return (
    <Box
      component="span"
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'error.main',
        color: '#fff',
        fontSize: 12,
        fontWeight: 700,
        display: 'inline-grid',
        placeItems: 'center',
      }}
      data-testid="messages-unread-total"
    >
      {unread > 99 ? '99+' : unread}
      <VisuallyHidden> unread</VisuallyHidden>
    </Box>
  );
}
