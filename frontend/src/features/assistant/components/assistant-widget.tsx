import CloseRounded from '@mui/icons-material/CloseRounded';
import CloseFullscreenRounded from '@mui/icons-material/CloseFullscreenRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { displayName, selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAskAssistantMutation } from '../api/assistant-api';
import { setAssistantState, useAssistantState } from '../stores/assistant-state';
import { ScreenLinks } from '../../../components/screen-links';

/** Spec §8: the reply and toast when the assistant cannot answer (word for word). */
export const FAILURE_REPLY = "I'm sorry, I'm currently experiencing technical difficulties...";
export const FAILURE_TOAST = 'Assistant temporarily unavailable';
/** Spec §9: the assistant sends the last 5 messages. */
export const HISTORY_SIZE = 5;

/** The six quick-question chips of the spec: dashboard navigation, mentor matching, job requirements, chat system, profile, support help. */
export const QUICK_QUESTIONS = [
  { label: 'Dashboard navigation', question: 'How do I find my way around the dashboard?' },
  { label: 'Mentor matching', question: 'How does mentor matching work?' },
  { label: 'Job requirements', question: 'How many job cards do I have left?' },
  { label: 'Chat system', question: 'How does the chat system work?' },
  { label: 'Profile', question: 'How do I update my profile?' },
  { label: 'Support help', question: 'How do I get help from support?' },
];

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  links?: { label: string; path: string }[];
}

let counter = 0;
const message = (role: Message['role'], content: string, links?: Message['links']): Message => ({
  id: `m${++counter}`,
  role,
  content,
  timestamp: new Date().toISOString(),
  links,
});

/**
 * The Smart Assistant's button in the dashboard header on a phone or tablet (below the desktop layout),
 * where a floating button would cover the page (docs/rules.md#assistant-button); the window still floats.
 */
export function AssistantHeaderButton() {
  const state = useAssistantState();
  const inHeader = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (!inHeader || (state !== 'closed' && state !== 'minimised')) return null;
  const label = state === 'minimised' ? 'Restore Smart Assistant' : 'Open Smart Assistant';
  return (
    <Tooltip title="Smart Assistant">
      <IconButton aria-label={label} onClick={() => setAssistantState('open')} sx={{ color: 'primary.main' }}>
        <SmartToyOutlined />
      </IconButton>
    </Tooltip>
  );
}

/** Smart Assistant (spec §2, §4): floating; open, minimise, maximise, close. */
export function AssistantWidget() {
  const user = useAppSelector(selectUser);
  const state = useAssistantState();
  const setState = setAssistantState;
  // Below the desktop layout the header holds the button (AssistantHeaderButton): floating, it would cover the page.
  const floatingButton = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  // The next user signed in on this page starts with the assistant closed.
  useEffect(() => () => setAssistantState('closed'), []);
  const [messages, setMessages] = useState<Message[]>(() => [
    message(
      'assistant',
      `Hi ${displayName(user ?? ({} as never)) || 'there'}! I'm your Smart Assistant. Ask me about the dashboard, matching, your job cards, chat, your profile or support.`,
    ),
  ]);
  const [text, setText] = useState('');
  const [ask, { isLoading: waiting }] = useAskAssistantMutation();
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, waiting, state]);
  useEffect(() => {
    if (state === 'open' || state === 'maximised') inputRef.current?.focus();
  }, [state]);

  const send = async (raw: string) => {
    const content = raw.trim();
    if (!content || waiting) return;
    const history = messages.slice(-HISTORY_SIZE).map((m) => ({ role: m.role, content: m.content }));
    setMessages((ms) => [...ms, message('user', content)]);
    setText('');
    try {
      const r = await ask({
        message: content,
        user_role: String(user?.role ?? ''),
        conversation_history: history,
      }).unwrap();
      setMessages((ms) => [...ms, message('assistant', r.response, r.links)]);
    } catch {
      setMessages((ms) => [...ms, message('assistant', FAILURE_REPLY)]);
      toast.error(FAILURE_TOAST);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send(text);
    }
  };

  if (state === 'closed' || state === 'minimised') {
    if (!floatingButton) return null;
    return (
      <Tooltip title="Smart Assistant">
        <Fab
          color="primary"
          aria-label={state === 'minimised' ? 'Restore Smart Assistant' : 'Open Smart Assistant'}
          onClick={() => setState('open')}
          sx={{
            position: 'fixed',
            right: { xs: 16, md: 24 },
            bottom: { xs: 16, md: 24 },
            zIndex: (t) => t.zIndex.drawer + 2,
          }}
        >
          <SmartToyOutlined />
        </Fab>
      </Tooltip>
    );
  }
  const max = state === 'maximised';
  const userTurns = messages.some((m) => m.role === 'user');
  return (
    <Paper
      role="dialog"
      aria-label="Smart Assistant"
      elevation={12}
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.drawer + 2,
        right: max ? { xs: 0, md: 24 } : { xs: 8, md: 24 },
        bottom: max ? { xs: 0, md: 24 } : { xs: 8, md: 24 },
        width: max ? { xs: '100vw', md: 'min(760px, calc(100vw - 48px))' } : { xs: 'calc(100vw - 16px)', sm: 380 },
        height: max ? { xs: '100dvh', md: 'calc(100dvh - 48px)' } : { xs: 'min(560px, calc(100dvh - 16px))', sm: 560 },
        display: 'flex',
        flexDirection: 'column',
        borderRadius: max ? { xs: 0, md: 3 } : 3,
        overflow: 'hidden',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1.25, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        spacing={1}
      >
        <SmartToyOutlined aria-hidden />
        <Typography component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Smart Assistant
        </Typography>
        <IconButton
          size="small"
          color="inherit"
          aria-label="Minimise Smart Assistant"
          onClick={() => setState('minimised')}
        >
          <RemoveRounded />
        </IconButton>
        <IconButton
          size="small"
          color="inherit"
          aria-label={max ? 'Restore size' : 'Maximise Smart Assistant'}
          onClick={() => setState(max ? 'open' : 'maximised')}
        >
          {max ? <CloseFullscreenRounded /> : <OpenInFullRounded />}
        </IconButton>
        <IconButton size="small" color="inherit" aria-label="Close Smart Assistant" onClick={() => setState('closed')}>
          <CloseRounded />
        </IconButton>
      </Stack>
      <Box
        sx={{ flex: 1, overflowY: 'auto', p: 2, bgcolor: 'background.default' }}
        aria-live="polite"
        data-testid="assistant-messages"
      >
        <Stack spacing={1.25}>
          {messages.map((m) => (
            <Box key={m.id} sx={{ display: 'flex', justifyContent: m.role === 'user' ? 'flex-end' : 'flex-start' }}>
              <Box
                data-role={m.role}
                sx={{
                  px: 1.5,
                  py: 1,
                  maxWidth: '85%',
                  borderRadius: 2,
                  bgcolor: m.role === 'user' ? 'primary.main' : 'background.paper',
                  color: m.role === 'user' ? 'primary.contrastText' : 'text.primary',
                  border: m.role === 'user' ? 'none' : '1px solid',
                  borderColor: 'divider',
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {m.content}
                </Typography>
                {m.links && <ScreenLinks links={m.links} />}
              </Box>
            </Box>
          ))}
          {waiting && (
            <Typography
              variant="body2"
              color="text.secondary"
              role="status"
              data-testid="assistant-typing"
              sx={{ fontStyle: 'italic' }}
            >
              Smart Assistant is typing…
            </Typography>
          )}
          {!userTurns && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, pt: 0.5 }} aria-label="Quick questions" role="group">
              {QUICK_QUESTIONS.map((q) => (
                <Chip
                  key={q.label}
                  label={q.label}
                  onClick={() => void send(q.question)}
                  variant="outlined"
                  color="primary"
                  disabled={waiting}
                />
              ))}
            </Stack>
          )}
          <div ref={endRef} />
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}>
        <TextField
          inputRef={inputRef}
          placeholder="Ask me anything..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { 'aria-label': 'Message the Smart Assistant', maxLength: 2000 } }}
        />
        <IconButton
          color="primary"
          aria-label="Send message"
          onClick={() => void send(text)}
          disabled={!text.trim() || waiting}
        >
          <SendRounded />
        </IconButton>
      </Stack>
    </Paper>
  );
}
