import Box from '@mui/material/Box';
import { useChatContactsQuery } from '../api/chat-api';
import { VisuallyHidden } from './visually-hidden';

/** The unread total of every conversation, beside Messages in the sidebar (nothing when all is read). */
export function MessagesNavBadge() {
  const { data } = useChatContactsQuery();
  const unread = (data ?? []).reduce((sum, c) => sum + c.unread_count, 0);
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
