import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { useAppSelector } from '../../../lib/hooks';
import { displayName, selectUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAskAssistantMutation } from '../api/assistant-api';
import { setAssistantState, useAssistantState } from '../stores/assistant-state';

// The window's code (its text field) loads when it first opens (docs/rules.md#light-first-screens).
const AssistantWindow = lazyDialog(
  () => import('./assistant-window').then((m) => m.AssistantWindow),
  (p) => p.state === 'open' || p.state === 'maximised',
  'Loading the Smart Assistant...',
);

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

export interface Message {
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
  return (
    <AssistantWindow
      state={state}
      setState={setState}
      messages={messages}
      waiting={waiting}
      text={text}
      setText={setText}
      send={(raw) => void send(raw)}
    />
  );
}
