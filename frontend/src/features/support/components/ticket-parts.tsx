import SendRounded from '@mui/icons-material/SendRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { replyRequest, SUPPORT_MESSAGE_MAX } from '@panda/contracts/support';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { TicketDetail } from '../api/support-api';
import { ScreenLinks } from '../../../components/screen-links';

/** Ticket number: the last 8 characters of the id (spec §9). */
export const ticketNumber = (id: string) => id.slice(-8).toUpperCase();
/** A student id shows its first 8 characters (spec §9). */
export const shortStudentId = (id: string) => id.slice(0, 8);

/** The one en-GB date style with 24-hour time, e.g. "5 Jan 2026, 14:05" (an invalid value as given). */
export const formatTicketDate = (value: string): string => formatDateTime(value, value);

const STATUS_STYLE: Record<string, { bg: string; fg: string }> = {
  open: { bg: '#fff1e0', fg: '#9a4a00' },
  responded: { bg: '#e3edff', fg: '#1d4ed8' },
  closed: { bg: '#e3f6e8', fg: '#166534' },
};

/**
 * Ticket status badge: open (orange), responded (blue), closed (green); an unknown status as is. An open
 * ticket the AI Assistant has answered still awaits staff and says so beside it: "AI answered"
 * (docs/rules.md#support-status).
 */
export function TicketStatusChip({ status, aiAnswered = false }: { status: string; aiAnswered?: boolean }) {
  const s = STATUS_STYLE[status] ?? { bg: '#eef0f3', fg: '#334155' };
  const chip = (
    <Chip
      size="small"
      label={status}
      sx={{ bgcolor: s.bg, color: s.fg, fontWeight: 700, textTransform: 'capitalize' }}
      data-testid="ticket-status"
    />
  );
  if (!aiAnswered || status !== 'open') return chip;
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ flexShrink: 0, alignItems: 'center' }}>
      {chip}
      <Chip
        size="small"
        variant="outlined"
        icon={<SmartToyOutlined aria-hidden />}
        label="AI answered"
        sx={{ color: '#5b21b6', borderColor: '#c4b5fd', fontWeight: 600 }}
        data-testid="ticket-ai-answered"
      />
    </Stack>
  );
}

/** The conversation of a ticket: the owner on the right, support and the AI Assistant on the left. */
function Conversation({ ticket, viewer }: { ticket: TicketDetail; viewer: 'owner' | 'support' }) {
  return (
    <Stack spacing={1.5} component="ol" aria-label="Conversation" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {ticket.conversation.map((c) => {
        const mine = viewer === 'owner' ? c.sender === 'user' : c.sender === 'support';
        const ai = c.sender === 'assistant';
        return (
          <Box component="li" key={c.id} sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
            <Paper
              variant="outlined"
              sx={{
                p: 1.5,
                maxWidth: { xs: '92%', sm: '78%' },
                bgcolor: mine ? 'rgba(29, 78, 216, 0.06)' : ai ? '#f5f3ff' : 'background.paper',
                borderRadius: 2,
              }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                {ai && <SmartToyOutlined fontSize="small" sx={{ color: '#6d28d9' }} aria-hidden />}
                <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                  {c.sender_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="span">
                  {formatTicketDate(c.created_at)}
                </Typography>
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{c.message}</Typography>
              {/* Links lead to the owner's dashboard screens; support reads them as text. */}
              {viewer === 'owner' && <ScreenLinks links={c.links} />}
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * Reply box, checked by the contract's reply schema (docs/rules.md#forms-from-contracts): Enter
 * sends, Shift+Enter makes a new line; it is sent once, and the typed text stays when it is refused.
 */
function ReplyBox({ reply }: { reply: (message: string) => Promise<unknown> }) {
  const form = useContractForm(replyRequest, { group: 'ticket-reply', defaultValues: { message: '' } });
  const submit = form.submitWith(async ({ message }) => {
    await reply(message);
    toast.success('Reply sent successfully');
    form.reset();
  }, 'Failed to send reply');
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <ContractForm form={form} onSubmit={submit} aria-label="Reply">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          label="Your reply"
          name="message"
          placeholder="Type your reply... (Enter sends, Shift+Enter for a new line)"
          onKeyDown={onKeyDown}
          multiline
          maxRows={6}
          slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={form.pending}
          endIcon={<SendRounded />}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {form.pending ? 'Sending...' : 'Send'}
        </Button>
      </Stack>
    </ContractForm>
  );
}

/**
 * A ticket's conversation with the reply box under it, or `closedNote` once the ticket is closed:
 * the owner's ticket view and the admin's inbox dialog both show it. `reply` sends a message and
 * rejects when it was not sent (the typed text then stays).
 */
export function TicketConversation({
  ticket,
  viewer,
  reply,
  closedNote,
}: {
  ticket: TicketDetail;
  viewer: 'owner' | 'support';
  reply: (message: string) => Promise<unknown>;
  closedNote: string;
}) {
  return (
    <Stack spacing={3}>
      <Conversation ticket={ticket} viewer={viewer} />
      {ticket.Status === 'closed' ? <Alert severity="success">{closedNote}</Alert> : <ReplyBox reply={reply} />}
    </Stack>
  );
}

/** Closes a ticket (`close` rejects on failure) and says how it went. */
export async function closeTicket(close: () => Promise<unknown>) {
  try {
    await close();
    toast.success('Ticket updated');
  } catch (err) {
    toast.error(errorMessage(err, 'Failed to update ticket'));
  }
}

/** A ticket that could not be loaded, with a way to try again. */
export function TicketLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <RetryAlert
      onRetry={onRetry}
    >{`Failed to load ticket details: ${errorMessage(error, 'please try again')}`}</RetryAlert>
  );
}
