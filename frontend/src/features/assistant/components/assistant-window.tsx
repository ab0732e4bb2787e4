import CloseRounded from '@mui/icons-material/CloseRounded';
import CloseFullscreenRounded from '@mui/icons-material/CloseFullscreenRounded';
import OpenInFullRounded from '@mui/icons-material/OpenInFullRounded';
import RemoveRounded from '@mui/icons-material/RemoveRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { ScreenLinks } from '../../../components/screen-links';
import type { AssistantState } from '../stores/assistant-state';
import { QUICK_QUESTIONS, type Message } from './assistant-widget';

export interface AssistantWindowProps {
  /** The window shows while open or maximised; closed or minimised, it renders nothing. */
  state: AssistantState;
  setState: (next: AssistantState) => void;
  messages: Message[];
  /** An answer is on its way. */
  waiting: boolean;
  text: string;
  setText: (text: string) => void;
  send: (text: string) => void;
}

/**
 * The Smart Assistant's window (spec §2, §4): the conversation, the quick questions and the text box.
 * Its code (the text field's) loads when the window first opens, not with the dashboard
 * (docs/rules.md#light-first-screens); the conversation itself lives in AssistantWidget, so it
 * survives minimising.
 */
export function AssistantWindow({ state, setState, messages, waiting, text, setText, send }: AssistantWindowProps) {
  const shown = state === 'open' || state === 'maximised';
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, waiting, state]);
  useEffect(() => {
    if (shown) inputRef.current?.focus();
  }, [shown, state]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send(text);
    }
  };

  if (!shown) return null;
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
                  onClick={() => send(q.question)}
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
          onClick={() => send(text)}
          disabled={!text.trim() || waiting}
        >
          <SendRounded />
        </IconButton>
      </Stack>
    </Paper>
  );
}
