import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TEXTS,
  type ChatContact,
  type Message,
  type WsClientViewing,
} from '@panda/contracts/chat';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate } from '../../../lib/dates';
import { useAppSelector } from '../../../lib/hooks';
import { sendLive, type LiveStatus } from '../../../lib/live';
import { selectUser } from '../../../lib/session';
import { CONVERSATION_LIMIT, useConversationQuery, useMarkConversationReadMutation } from '../api/chat-api';
import { useChatConnection } from '../hooks/use-chat-live';
import { useChatSend, useContactTyping, useTypingSender, type OutgoingMessage } from '../hooks/use-chat-send';
import {
  CONNECTION_BANNERS,
  CONNECTION_LABELS,
  contactInitial,
  contactRoleName,
  POLLING_INTERVAL_MS,
} from '../lib/format';
import { ImagePicker, type PreparedImage } from './image-picker';
import { MessageBubble, PendingBubble } from './message-bubble';

/** The online dot on a contact's avatar (decoration: the text beside it says online or offline). */
export function PresenceAvatar({ contact, size = 40 }: { contact: ChatContact; size?: number }) {
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{
        '& .MuiBadge-badge': {
          bgcolor: contact.online ? '#15803d' : '#94a3b8',
          boxShadow: '0 0 0 2px #fff',
          width: 11,
          height: 11,
          borderRadius: '50%',
        },
      }}
      data-testid="presence-dot"
      data-online={contact.online ? 'true' : 'false'}
      aria-hidden
    >
      <Avatar
        sx={{
          width: size,
          height: size,
          bgcolor:
            contact.role === 'mentor' ? '#c2410c' : contact.role === 'training_centre' ? '#15803d' : 'primary.main',
          fontWeight: 700,
        }}
      >
        {contactInitial(contact.name)}
      </Avatar>
    </Badge>
  );
}

function ConnectionIcon({ status }: { status: LiveStatus }) {
  const label = `Connection: ${CONNECTION_LABELS[status]}`;
  const icon =
    status === 'connected' ? (
      <CloudDoneOutlined sx={{ color: '#15803d' }} />
    ) : status === 'connecting' || status === 'reconnecting' ? (
      <CloudSyncOutlined sx={{ color: '#b45309' }} />
    ) : (
      <CloudOffOutlined sx={{ color: 'error.main' }} />
    );
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        sx={{ display: 'grid', placeItems: 'center', p: 1 }}
        data-testid="connection-icon"
        data-status={status}
      >
        {icon}
      </Box>
    </Tooltip>
  );
}

/** Spec §8: one banner while the chat is not connected. */
export function ConnectionBanner({ status }: { status: LiveStatus }) {
  if (status === 'connected') return null;
  const severity = status === 'error' ? 'error' : status === 'disconnected' ? 'warning' : 'info';
  return (
    <Alert severity={severity} role="status" sx={{ borderRadius: 0, py: 0.25 }} data-testid="connection-banner">
      {CONNECTION_BANNERS[status]}
    </Alert>
  );
}

interface ComposerProps {
  contact: ChatContact;
  canSend: boolean;
  canSendImages: boolean;
  onSend: (m: OutgoingMessage) => void;
  /** The draft: kept by the conversation, which gives back the text of a refused message. */
  text: string;
  setText: (text: string) => void;
}

function Composer({ contact, canSend, onSend, canSendImages, text, setText }: ComposerProps) {
  const { keystroke, stop } = useTypingSender(contact.id);
  const trimmed = text.trim();

  const send = () => {
    if (!trimmed || !canSend) return;
    stop();
    onSend({ text: trimmed });
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const sendImage = async (image: PreparedImage) => {
    if (!canSend) return false;
    onSend({ text: '', image: { dataUrl: image.dataUrl, filename: image.filename, bytes: image.bytes } });
    return true;
  };

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 0.5,
        p: { xs: 1, sm: 1.5 },
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: '#fff',
      }}
    >
      {canSendImages && <ImagePicker disabled={!canSend} onSend={sendImage} />}
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value) keystroke();
        }}
        onKeyDown={onKeyDown}
        placeholder={canSend ? 'Type a message...' : 'Waiting for the connection...'}
        multiline
        maxRows={4}
        fullWidth
        size="small"
        disabled={!canSend}
        slotProps={{ htmlInput: { 'aria-label': `Message to ${contact.name}`, maxLength: CHAT_MESSAGE_MAX } }}
      />
      <Tooltip title="Send message">
        <span>
          <IconButton
            color="primary"
            aria-label="Send message"
            onClick={send}
            disabled={!canSend || !trimmed}
            sx={{ flexShrink: 0 }}
          >
            <SendRounded />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/** The conversation with one contact: header, connection banner, messages, composer. */
export function Conversation({ contact, onBack }: { contact: ChatContact; onBack?: () => void }) {
  const me = useAppSelector(selectUser);
  const { status, fallback, canSend } = useChatConnection();
  const typing = useContactTyping(contact.id);
  const args = { with: contact.id, limit: CONVERSATION_LIMIT };
  const {
    data: messages,
    isLoading,
    isError,
    refetch,
  } = useConversationQuery(args, { pollingInterval: fallback ? POLLING_INTERVAL_MS : 0 });
  const [markRead] = useMarkConversationReadMutation();
  const [draft, setDraft] = useState('');
  // A refused message's text comes back to edit, unless something new was typed meanwhile.
  const onRefused = useCallback((m: OutgoingMessage) => {
    if (m.text) setDraft((current) => current || m.text);
  }, []);
  const { pending, send, retry } = useChatSend(contact, messages, onRefused);
  const canSendImages = me?.role === 'student' || me?.role === 'mentor';

  // Read receipts: what the contact sent me is read once it is on screen.
  const unreadFromContact =
    (messages ?? []).some((m) => m.Sender_ID === contact.id && !m.Read) || contact.unread_count > 0;
  const marking = useRef(false);
  useEffect(() => {
    if (!unreadFromContact || marking.current || !messages) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marking.current) return;
      marking.current = true;
      void markRead(contact.id).finally(() => {
        marking.current = false;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unreadFromContact, messages, contact.id, markRead]);

  // Tell the server which conversation is open (docs/rules.md#notifications-from-events: no "message received" notification
  // for a message read as it arrives); again after a reconnect, and none once it closes.
  const connected = status === 'connected';
  useEffect(() => {
    if (!connected) return;
    const tell = () => {
      const frame: WsClientViewing = {
        type: 'viewing',
        with: document.visibilityState === 'visible' ? contact.id : null,
      };
      sendLive(frame);
    };
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => {
      document.removeEventListener('visibilitychange', tell);
      const none: WsClientViewing = { type: 'viewing', with: null };
      sendLive(none);
    };
  }, [connected, contact.id]);

  // Keep the newest message in view: on a new message, and while images load, unless the user
  // has scrolled up to read older ones.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = (messages?.length ?? 0) + pending.length;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
  }, [count]);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    for (const child of Array.from(el.children)) observer.observe(child);
    el.addEventListener('scroll', onScroll);
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [count, isLoading]);

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        <CircularProgress aria-label="Loading messages" />
      </Box>
    );
  } else if (isError && !messages) {
    body = (
      <Box sx={{ p: 2 }}>
        <RetryAlert onRetry={() => void refetch()}>{CHAT_TEXTS.loadFailed}</RetryAlert>
      </Box>
    );
  } else if (!messages?.length && !pending.length) {
    body = (
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          height: '100%',
          textAlign: 'center',
          color: 'text.secondary',
          p: 3,
        }}
      >
        <Box>
          <ChatBubbleOutlineRounded sx={{ fontSize: 40, mb: 1 }} aria-hidden />
          <Typography>{CHAT_TEXTS.noMessages}</Typography>
        </Box>
      </Box>
    );
  } else {
    const list = messages ?? [];
    body = (
      <Box
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1 }}
        aria-label={`Messages with ${contact.name}`}
      >
        {list.map((m: Message, i) => {
          const day = formatDate(m.Created_At, '');
          const separator = i === 0 || formatDate(list[i - 1].Created_At, '') !== day;
          return (
            <Fragment key={m.id}>
              {separator && (
                <Box component="li" aria-hidden sx={{ textAlign: 'center', my: 0.5 }}>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ bgcolor: '#e2e8f0', px: 1.25, py: 0.25, borderRadius: 10 }}
                  >
                    {day}
                  </Typography>
                </Box>
              )}
              <MessageBubble message={m} mine={m.Sender_ID === me?.id} />
            </Fragment>
          );
        })}
        {pending.map((p) => (
          <PendingBubble
            key={p.clientId}
            text={p.outgoing.text}
            imageUrl={p.outgoing.image?.dataUrl}
            state={p.state}
            onRetry={() => retry(p.clientId)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="conversation">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: { xs: 1, sm: 2 },
          py: 1.25,
          borderBottom: '1px solid',
          borderColor: 'divider',
          bgcolor: '#fff',
        }}
      >
        {onBack && (
          <IconButton aria-label="Back to contacts" onClick={onBack} edge="start">
            <ArrowBackRounded />
          </IconButton>
        )}
        <PresenceAvatar contact={contact} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, lineHeight: 1.3 }}
            noWrap
            title={contact.name}
          >
            {contact.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            aria-live="polite"
            data-testid="conversation-status"
          >
            {typing ? (
              <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }} data-testid="typing-indicator">
                typing...
              </Box>
            ) : (
              `${contactRoleName(contact.role)} · ${contact.online ? 'Online' : 'Offline'}`
            )}
          </Typography>
        </Box>
        <ConnectionIcon status={status} />
      </Box>
      <ConnectionBanner status={status} />
      <Box
        ref={scroller}
        tabIndex={0}
        sx={{ flexGrow: 1, overflowY: 'auto', bgcolor: '#f8fafc', minHeight: 0 }}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={`Conversation with ${contact.name}`}
      >
        {body}
      </Box>
      <Composer
        contact={contact}
        canSend={canSend}
        canSendImages={canSendImages}
        onSend={send}
        text={draft}
        setText={setDraft}
      />
    </Box>
  );
}
