import ChatOutlined from '@mui/icons-material/ChatOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGE_MAX, CHAT_TEXTS } from '@panda/contracts/chat';
import { useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/dates';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useConversationQuery, usePostMessageMutation } from '../api/chat-api';
import { useChatConnection } from '../hooks/use-chat-live';
import { POLLING_INTERVAL_MS } from '../lib/format';

/** Spec §9: recent messages: the last 10 loaded, the last 5 shown. */
export const RECENT_LOADED = 10;
export const RECENT_SHOWN = 5;

/**
 * Send Message (spec §2 Student detail, §8): `POST /api/messages` as a training_centre_student
 * message. Success closes it with 'Message sent successfully'; a failure says 'Failed to send
 * message' and keeps the dialog open with the text.
 */
export function SendMessageDialog({
  open,
  onClose,
  student,
}: {
  open: boolean;
  onClose: () => void;
  student: { id: string; name: string };
}) {
  const [text, setText] = useState('');
  const [post, { isLoading }] = usePostMessageMutation();
  const trimmed = text.trim();

  const send = async () => {
    if (!trimmed || isLoading) return;
    try {
      await post({ Receiver_ID: student.id, Message: trimmed, Chat_Type: 'training_centre_student' }).unwrap();
      toast.success(CHAT_TEXTS.sent);
      setText('');
      onClose();
    } catch {
      toast.error(CHAT_TEXTS.sendFailed);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !isLoading && onClose()}
      aria-labelledby="send-message-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="send-message-title">Send Message</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          To {student.name}. Enter sends, Shift+Enter starts a new line.
        </Typography>
        <TextField
          label="Message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          multiline
          minRows={4}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={!trimmed || isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-label="Sending" /> : <SendRounded />}
        >
          Send Message
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The training centre's student detail: Recent Messages with that student and Send Message. */
export function RecentMessages({ student }: { student: { id: string; name: string } }) {
  const me = useAppSelector(selectUser)?.id;
  const { fallback } = useChatConnection();
  const { data, isLoading, isError, refetch } = useConversationQuery(
    { with: student.id, limit: RECENT_LOADED },
    { pollingInterval: fallback ? POLLING_INTERVAL_MS : 0 },
  );
  const [open, setOpen] = useState(false);
  const shown = (data ?? []).slice(-RECENT_SHOWN);

  return (
    <Card component="section" aria-labelledby="recent-messages-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography
            id="recent-messages-title"
            variant="h6"
            component="h3"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '1.05rem', flexGrow: 1 }}
          >
            <ChatOutlined color="primary" />
            Recent Messages
          </Typography>
          <Link
            component={RouterLink}
            to={`/dashboard?view=chat&id=${encodeURIComponent(student.id)}`}
            variant="body2"
            sx={{ fontWeight: 600 }}
          >
            Open conversation
          </Link>
          <Button variant="contained" size="small" startIcon={<SendRounded />} onClick={() => setOpen(true)}>
            Send Message
          </Button>
        </Box>
        {isLoading ? (
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={44} />
            <Skeleton variant="rounded" height={44} />
          </Stack>
        ) : isError && !data ? (
          <RetryAlert onRetry={() => void refetch()}>{CHAT_TEXTS.loadFailed}</RetryAlert>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary">{CHAT_TEXTS.noMessages}</Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="recent-messages">
            {shown.map((m) => (
              <Box
                component="li"
                key={m.id}
                sx={{
                  p: 1.25,
                  borderRadius: 2,
                  bgcolor: m.Sender_ID === me ? 'rgba(29, 78, 216, 0.06)' : '#f8fafc',
                  border: '1px solid',
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                    {m.Sender_ID === me ? 'You' : student.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="span">
                    {formatDateTime(m.Created_At)}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {m.Message_Type === 'image'
                    ? `Image${m.Image_Filename ? `: ${m.Image_Filename}` : ''}${m.Message ? ` · ${m.Message}` : ''}`
                    : m.Message}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      <SendMessageDialog open={open} onClose={() => setOpen(false)} student={student} />
    </Card>
  );
}
