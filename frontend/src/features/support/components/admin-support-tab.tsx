import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import {
  useAdminCloseMutation,
  useAdminReplyMutation,
  useGetInboxCountsQuery,
  useGetInboxInfiniteQuery,
  useGetInboxTicketQuery,
  type TicketStatus,
} from '../api/support-api';
import {
  closeTicket,
  formatTicketDate,
  shortStudentId,
  TicketConversation,
  TicketLoadFailed,
  TicketStatusChip,
  ticketNumber,
} from './ticket-parts';
import { ListStates } from '../../../components/list-states';

const ROLE = { student: 'Student', mentor: 'Mentor', training_centre: 'Training Centre' } as const;

/** The admin support inbox (docs/rules.md#support-inbox, docs/rules.md#list-paging): filters and search on the server, newest activity first, 50 at a time, reply and close. */
export function AdminSupportTab() {
  const [filter, setFilter] = useState<TicketStatus | 'all'>('open');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const inbox = useGetInboxInfiniteQuery({ status: filter, q: q || undefined });
  const { items, total } = loadedItems(inbox.data);
  const counts = useGetInboxCountsQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  const label = (s: TicketStatus) => `${s[0].toUpperCase()}${s.slice(1)}${counts.data ? ` (${counts.data[s]})` : ''}`;
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_e, v) => v && setFilter(v)}
        aria-label="Filter tickets by status"
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        <ToggleButton value="open">{label('open')}</ToggleButton>
        <ToggleButton value="responded">{label('responded')}</ToggleButton>
        <ToggleButton value="closed">{label('closed')}</ToggleButton>
        <ToggleButton value="all">All</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        size="small"
        type="search"
        label="Search tickets"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 2, display: 'flex', maxWidth: { sm: 360 } }}
      />
      <ListStates
        query={inbox}
        count={items.length}
        loading="Loading support tickets..."
        failed="Failed to load support tickets"
        empty={
          <EmptyState
            headingLevel="h2"
            dense
            icon={<SupportAgentOutlined />}
            title={
              q
                ? `No ${filter === 'all' ? '' : `${filter} `}tickets match “${q}”`
                : filter === 'all'
                  ? 'No support tickets yet'
                  : `No ${filter} tickets`
            }
          />
        }
      >
        <List aria-label="Support tickets" disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          {items.map((t, i) => (
            <ListItem key={t.id} disablePadding divider={i < items.length - 1}>
              <ListItemButton onClick={() => setOpenId(t.id)} sx={{ display: 'block', py: 1.25 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 700, minWidth: 0, wordBreak: 'break-word' }}>{t.Subject}</Typography>
                  <TicketStatusChip status={t.Status} aiAnswered={t.ai_answered} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t.owner_name} · {ROLE[t.owner_role]} · {t.owner_email}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  #{ticketNumber(t.id)} · Last activity {formatTicketDate(t.last_activity)} · {t.message_count} messages
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <LoadMore noun={['ticket', 'tickets']} shown={items.length} total={total} pages={inbox} />
      </ListStates>
      {openId && <InboxTicketDialog id={openId} onClose={() => setOpenId(null)} />}
    </Box>
  );
}

function InboxTicketDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const ticket = useGetInboxTicketQuery(id);
  const [reply] = useAdminReplyMutation();
  const [close, closing] = useAdminCloseMutation();
  const t = ticket.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="inbox-ticket-title">
      <DialogTitle id="inbox-ticket-title" sx={{ wordBreak: 'break-word' }}>
        {t ? t.Subject : 'Support ticket'}
      </DialogTitle>
      <DialogContent dividers>
        {ticket.isLoading ? (
          <LoadingScreen fullScreen={false} message="Loading ticket..." />
        ) : ticket.isError || !t ? (
          <TicketLoadFailed error={ticket.error} onRetry={() => void ticket.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                Ticket #{ticketNumber(t.id)}
              </Typography>
              <TicketStatusChip status={t.Status} aiAnswered={t.ai_answered} />
              <Typography variant="body2" color="text.secondary">
                {t.owner_name} ({ROLE[t.owner_role]}, {t.owner_email})
              </Typography>
              {t.Student_ID && (
                <Typography variant="body2" color="text.secondary">
                  Student {t.student_name ?? ''} ({shortStudentId(t.Student_ID)})
                </Typography>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Created {formatTicketDate(t.Created_At)} · Last activity {formatTicketDate(t.last_activity)} ·{' '}
              {t.message_count} messages
            </Typography>
            <TicketConversation
              ticket={t}
              viewer="support"
              reply={(message) => reply({ id, message }).unwrap()}
              closedNote="This ticket is closed."
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {t && t.Status !== 'closed' && (
          <Button
            variant="outlined"
            onClick={() => void closeTicket(() => close(id).unwrap())}
            disabled={closing.isLoading}
          >
            Close Ticket
          </Button>
        )}
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
