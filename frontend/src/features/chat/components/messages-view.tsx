import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_TEXTS, type ChatContact } from '@panda/contracts/chat';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { RetryAlert } from '../../../components/retry-alert';
import { useDashboardParams } from '../../../lib/dashboard-nav';
import { formatTime24 } from '../../../lib/dates';
import { useAppSelector } from '../../../lib/hooks';
import { loadedItems } from '../../../lib/paging';
import { selectUser } from '../../../lib/session';
import { useNavigate } from 'react-router';
import { useChatContactsInfiniteQuery } from '../api/chat-api';
import { contactRoleName } from '../lib/format';
import { Conversation, PresenceAvatar } from './conversation';
import { VisuallyHidden } from '../../../components/visually-hidden';

function chatPath(contactId?: string): string {
  const params = new URLSearchParams({ view: 'chat' });
  if (contactId) params.set('id', contactId);
  return `/dashboard?${params.toString()}`;
}

function lastLine(contact: ChatContact, me: string | undefined): string {
  const m = contact.last_message;
  if (!m) return 'No messages yet';
  const text = m.Message_Type === 'image' ? (m.Message ? `Image: ${m.Message}` : 'Image') : m.Message;
  return m.Sender_ID === me ? `You: ${text}` : text;
}

function ContactList({
  contacts,
  selected,
  onSelect,
}: {
  contacts: ChatContact[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const me = useAppSelector(selectUser)?.id;
  return (
    <List aria-label="Contacts" sx={{ p: 1, m: 0 }}>
      {contacts.map((c) => (
        <Box component="li" key={c.id}>
          <ListItemButton
            selected={c.id === selected}
            aria-current={c.id === selected ? 'true' : undefined}
            onClick={() => onSelect(c.id)}
            sx={{ borderRadius: 2, mb: 0.5, gap: 1.5, alignItems: 'center' }}
            data-testid="chat-contact"
          >
            <PresenceAvatar contact={c} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                {/* A long name (a training centre's) wraps rather than being cut (docs/rules.md#nothing-cut). */}
                <Typography
                  sx={{ fontWeight: c.unread_count ? 800 : 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {c.name}
                </Typography>
                {c.last_message && (
                  <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {formatTime24(c.last_message.Created_At, '')}
                  </Typography>
                )}
              </Box>
              <Typography variant="caption" color="text.secondary" component="p" noWrap>
                {contactRoleName(c.role)}
                <VisuallyHidden>{c.online ? ', online' : ', offline'}</VisuallyHidden>
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  noWrap
                  sx={{ flexGrow: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5 }}
                >
                  {c.last_message?.Message_Type === 'image' && <ImageOutlined sx={{ fontSize: 16 }} aria-hidden />}
                  {lastLine(c, me)}
                </Typography>
                {c.unread_count > 0 && (
                  <Chip
                    size="small"
                    color="primary"
                    label={
                      <>
                        {c.unread_count}
                        <VisuallyHidden> unread</VisuallyHidden>
                      </>
                    }
                    sx={{ height: 20, fontWeight: 700 }}
                    data-testid="contact-unread"
                  />
                )}
              </Box>
            </Box>
          </ListItemButton>
        </Box>
      ))}
    </List>
  );
}

/**
 * Messages (spec §2 Chat) for every dashboard role: the contact list titled Messages and the
 * conversation with the contact in the URL (?view=chat&id=<contactId>). Side by side on a
 * computer; on a phone the list, or the conversation with a way back. A student opens their first
 * contact at once.
 */
export function MessagesView() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const navigate = useNavigate();
  const { id } = useDashboardParams();
  const role = useAppSelector(selectUser)?.role;
  const { data, isLoading, isError, refetch, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } =
    useChatContactsInfiniteQuery();
  const { items, total } = loadedItems(data);
  const contacts = data ? items : undefined;
  const selected = contacts?.find((c) => c.id === id) ?? null;
  // A contact named in the address but not on the pages loaded yet (a link from elsewhere): the next pages are asked for until it is.
  const looking = !!id && !!contacts && !selected && hasNextPage;
  useEffect(() => {
    if (looking && !isFetching) void fetchNextPage();
  }, [looking, isFetching, fetchNextPage]);

  // Spec §2: a student is auto-opened into the first contact (once: Back on a phone shows the list).
  const first = contacts?.[0]?.id;
  const autoOpened = useRef(false);
  useEffect(() => {
    if (role !== 'student' || autoOpened.current || !first) return;
    autoOpened.current = true;
    if (!id) navigate(chatPath(first), { replace: true });
  }, [role, id, first, navigate]);

  const open = (contactId: string) => navigate(chatPath(contactId));
  const list = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography
        variant="h6"
        component="h2"
        sx={{ px: 2.5, pt: 2, pb: 1, fontSize: '1.1rem' }}
        id="chat-contacts-title"
      >
        Messages
      </Typography>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
        {isLoading ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading contacts">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : isError && !contacts ? (
          <Box sx={{ p: 2 }}>
            <RetryAlert onRetry={() => void refetch()}>Failed to load contacts</RetryAlert>
          </Box>
        ) : !contacts?.length ? (
          <EmptyState dense icon={<ForumOutlined />} title={CHAT_TEXTS.noContacts} text={emptyHint(role)} />
        ) : (
          <>
            <ContactList contacts={contacts} selected={selected?.id ?? null} onSelect={open} />
            {(hasNextPage || (data?.pages.length ?? 0) > 1) && (
              <Box sx={{ px: 2 }}>
                <LoadMore
                  noun={['contact', 'contacts']}
                  shown={contacts.length}
                  total={total}
                  pages={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
                />
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );

  const conversation = selected ? (
    <Conversation key={selected.id} contact={selected} onBack={wide ? undefined : () => navigate(chatPath())} />
  ) : (
    <Box
      sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3, textAlign: 'center', color: 'text.secondary' }}
    >
      <Box>
        <ForumOutlined sx={{ fontSize: 44, mb: 1 }} aria-hidden />
        <Typography>
          {looking
            ? 'Finding this contact...'
            : id && contacts
              ? 'This contact is not one of yours.'
              : 'Choose a contact to start chatting.'}
        </Typography>
      </Box>
    </Box>
  );

  return (
    // Fills the screen between the header and the shell's bottom padding, which keeps the floating
    // Smart Assistant button clear of the send button (header with its border + top and bottom
    // padding: 61 + 16 + 88 on a phone, 69 + 32 + 96 from md up), so the page itself does not scroll.
    <Card
      sx={{
        height: { xs: 'calc(100dvh - 165px)', md: 'calc(100dvh - 197px)' },
        minHeight: 420,
        display: 'flex',
        overflow: 'hidden',
        p: 0,
      }}
      component="section"
      aria-labelledby="chat-contacts-title"
    >
      {wide ? (
        <>
          <Box sx={{ width: 320, flexShrink: 0, borderRight: '1px solid', borderColor: 'divider' }}>{list}</Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>{conversation}</Box>
        </>
      ) : (
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{selected ? conversation : list}</Box>
      )}
    </Card>
  );
}

function emptyHint(role: string | undefined): string {
  if (role === 'student') return 'Your mentor and training centre appear here once you have them.';
  if (role === 'mentor') return 'Students placed with you appear here.';
  return 'Students you register appear here.';
}
