import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { lazyDialog } from '../../../components/lazy-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { useDashboardNavigate, useDashboardParams } from '../../../lib/dashboard-nav';
import { loadedItems, useDebouncedValue } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import {
  useCloseTicketMutation,
  useGetMyTicketQuery,
  useGetMyTicketsInfiniteQuery,
  useReplyToTicketMutation,
  type TicketSummary,
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

/** New Ticket's code loads when it first opens (docs/rules.md#light-first-screens). */
const NewTicketDialog = lazyDialog(
  () => import('./new-ticket-dialog').then((m) => m.NewTicketDialog),
  (p) => p.open,
);

/** Support Center (spec §2): the ticket list, New Ticket, and a ticket's detail (?view=support&id=...). */
export function SupportView() {
  const { id } = useDashboardParams();
  return id ? <TicketDetailView id={id} /> : <TicketList />;
}

function TicketList() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const tickets = useGetMyTicketsInfiniteQuery({ q: q || undefined });
  const { items, total } = loadedItems(tickets.data);
  const go = useDashboardNavigate();
  const [creating, setCreating] = useState(false);
  const reported = useRef(false);
  useEffect(() => {
    if (tickets.isError && !reported.current) toast.error('Failed to load support tickets');
    reported.current = tickets.isError;
  }, [tickets.isError]);

  const newButton = (label: string) => (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
            Support Center
          </Typography>
          <Typography color="text.secondary">
            Ask us anything. The AI Assistant answers straight away; our support team replies here too.
          </Typography>
        </Box>
        {newButton('New Ticket')}
      </Stack>
      {tickets.isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading support tickets..." />
      ) : tickets.isError ? (
        <RetryAlert onRetry={() => void tickets.refetch()}>Failed to load support tickets</RetryAlert>
      ) : !items.length && !q && !search.trim() ? (
        <Card>
          <EmptyState
            icon={<SupportAgentOutlined />}
            title="No support tickets yet"
            text="Stuck or have a question? Open a ticket and we'll help."
            action={newButton('Create Your First Ticket')}
          />
        </Card>
      ) : (
        <>
          <TextField
            size="small"
            type="search"
            label="Search tickets"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
          />
          {items.length === 0 ? (
            <Typography color="text.secondary" role="status" sx={{ py: 4, textAlign: 'center' }}>
              {search.trim() !== q || tickets.isFetching ? 'Searching...' : `No tickets match “${q}”.`}
            </Typography>
          ) : (
            <Stack spacing={1.5} component="ul" aria-label="Support tickets" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((t) => (
                <li key={t.id}>
                  <TicketCard ticket={t} onOpen={() => go('support', t.id)} />
                </li>
              ))}
            </Stack>
          )}
          <LoadMore noun={['ticket', 'tickets']} shown={items.length} total={total} pages={tickets} />
        </>
      )}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => go('support', id)} />
    </Box>
  );
}

function TicketCard({ ticket, onOpen }: { ticket: TicketSummary; onOpen: () => void }) {
  return (
    <Card>
      <CardActionArea onClick={onOpen}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
            <Typography component="h3" sx={{ fontWeight: 700, minWidth: 0, wordBreak: 'break-word' }}>
              {ticket.Subject}
            </Typography>
            <TicketStatusChip status={ticket.Status} aiAnswered={ticket.ai_answered} />
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {ticket.response_text ?? ticket.Message}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            #{ticketNumber(ticket.id)} · Last activity {formatTicketDate(ticket.last_activity)} · {ticket.message_count}{' '}
            {ticket.message_count === 1 ? 'message' : 'messages'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function TicketDetailView({ id }: { id: string }) {
  const go = useDashboardNavigate();
  const ticket = useGetMyTicketQuery(id);
  const [reply] = useReplyToTicketMutation();
  const [close, closing] = useCloseTicketMutation();

  const refresh = async () => {
    const r = await ticket.refetch();
    if (r.isError) toast.error('Failed to refresh ticket');
  };
  const back = (
    <Button startIcon={<ArrowBackRounded />} onClick={() => go('support')} sx={{ mb: 2 }}>
      Back to Support
    </Button>
  );
  if (ticket.isLoading) return <LoadingScreen fullScreen={false} message="Loading ticket..." />;
  if (ticket.isError || !ticket.data) {
    return (
      <Box sx={{ maxWidth: 960, mx: 'auto' }}>
        {back}
        <TicketLoadFailed error={ticket.error} onRetry={() => void ticket.refetch()} />
      </Box>
    );
  }
  const t = ticket.data;
  const closed = t.Status === 'closed';
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      {back}
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
                {t.Subject}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.75, flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  Ticket #{ticketNumber(t.id)}
                </Typography>
                <TicketStatusChip status={t.Status} aiAnswered={t.ai_answered} />
              </Stack>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                startIcon={<RefreshRounded />}
                onClick={() => void refresh()}
                disabled={ticket.isFetching}
              >
                Refresh
              </Button>
              {!closed && (
                <Button
                  variant="outlined"
                  onClick={() => void closeTicket(() => close(id).unwrap())}
                  disabled={closing.isLoading}
                >
                  Close Ticket
                </Button>
              )}
            </Stack>
          </Stack>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 3 }}
            sx={{ mb: 2, color: 'text.secondary' }}
          >
            <Typography variant="body2">Created {formatTicketDate(t.Created_At)}</Typography>
            <Typography variant="body2">Last activity {formatTicketDate(t.last_activity)}</Typography>
            <Typography variant="body2">
              {t.message_count} {t.message_count === 1 ? 'message' : 'messages'}
            </Typography>
            {t.Student_ID && (
              <Typography variant="body2">
                Student {t.student_name ?? ''} ({shortStudentId(t.Student_ID)})
              </Typography>
            )}
          </Stack>
          <TicketConversation
            ticket={t}
            viewer="owner"
            reply={(message) => reply({ id, message }).unwrap()}
            closedNote="This ticket is closed. Open a new ticket if you need more help."
          />
        </CardContent>
      </Card>
    </Box>
  );
}
