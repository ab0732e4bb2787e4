import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';

/**
 * Shown over the page while a dialog's code is fetched, the first time it opens. In a portal, as
 * the dialog itself: the opener may sit in a box that confines fixed elements (the app bar's blur).
 */
function DialogLoading({ label }: { label: string }) {
  return createPortal(
    <Box
      role="status"
      aria-live="polite"
      data-testid="dialog-loading"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(15, 23, 42, 0.35)',
      }}
    >
      <CircularProgress size={36} thickness={5} aria-label={label} sx={{ color: '#fff' }} />
    </Box>,
    document.body,
  );
}

/**
 * A dialog whose code is downloaded the first time it opens instead of with the screen that offers
 * it (docs/rules.md#light-first-screens: a dashboard's first load carries no dialog code). Until then it renders
 * nothing; while its chunk loads, a spinner named `loadingLabel` covers the page; once opened it
 * stays mounted, so it closes with its usual transition and opens at once the next time.
 *
 * Use it in place of the static import, with the same props:
 *   const NotificationsDialog = lazyDialog(
 *     () => import('./notifications-dialog').then((m) => m.NotificationsDialog),
 *     (p) => p.open,
 *   );
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
  loadingLabel = 'Loading...',
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={open ? <DialogLoading label={loadingLabel} /> : null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
