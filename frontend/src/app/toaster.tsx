import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { selectToasts, toastDismissed, type Toast } from '../lib/toast';

function ToastItem({ item }: { item: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (item.duration == null) return;
    const timer = setTimeout(() => dispatch(toastDismissed(item.id)), item.duration);
    return () => clearTimeout(timer);
  }, [dispatch, item.id, item.duration]);

  const severity = item.kind === 'loading' ? 'info' : item.kind;
  return (
    <Alert
      data-testid="toast"
      data-kind={item.kind}
      role="alert"
      severity={severity}
      variant="filled"
      icon={item.kind === 'loading' ? <CircularProgress size={18} color="inherit" /> : undefined}
      onClose={() => dispatch(toastDismissed(item.id))}
      slotProps={{ closeButton: { title: 'Dismiss', 'aria-label': 'Dismiss notification' } }}
      sx={{
        // Clicks pass through a toast (only its close button takes them), so nothing under it is blocked.
        pointerEvents: 'none',
        '& .MuiAlert-action': { pointerEvents: 'auto' },
        boxShadow: '0 10px 30px rgba(15, 23, 42, 0.18)',
        fontWeight: 500,
        width: '100%',
        wordBreak: 'break-word',
      }}
    >
      {item.message}
    </Alert>
  );
}

/**
 * The toasts' own element under <body>. While a dialog is open, MUI marks every other child of <body>
 * aria-hidden, which would silence the toasts raised in dialogs (validation messages, 'Job marked as
 * complete!'...) for assistive technology: this element takes that attribute off again.
 */
function useToastRoot(): HTMLElement {
  const [root] = useState(() => {
    const el = document.createElement('div');
    el.setAttribute('data-toast-root', '');
    return el;
  });
  useEffect(() => {
    const el = root;
    document.body.appendChild(el);
    const observer = new MutationObserver(() => {
      if (el.hasAttribute('aria-hidden')) el.removeAttribute('aria-hidden');
    });
    observer.observe(el, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      observer.disconnect();
      el.remove();
    };
  }, [root]);
  return root;
}

/** Stacked toasts, newest on top: top-right below the page header on desktop, across the top on phones (but its right corner). */
export function Toaster() {
  const items = useAppSelector(selectToasts);
  const root = useToastRoot();
  return createPortal(
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar + 10,
        // Phones: at the top, so toasts never cover a dialog's action bar at the bottom, and clear of the
        // top-right corner, where a full-screen dialog has its close button: a toast's own close button
        // there would take the taps meant for it.
        top: { xs: 12, sm: 84 },
        right: { xs: 64, sm: 20 },
        left: { xs: 12, sm: 'auto' },
        width: { sm: 380 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxHeight: { xs: 'calc(100vh - 24px)', sm: 'calc(100vh - 104px)' },
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      {[...items].reverse().map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Box>,
    root,
  );
}
