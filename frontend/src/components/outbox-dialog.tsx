import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../lib/dates';
import { appOutbox, type OutboxItem } from '../lib/outbox';
import { toast } from '../lib/toast';

/** The one text a refused item may be edited in before it is retried: a dispute's reason. */
const EDITABLE: Record<string, { field: string; label: string }> = {
  dispute: { field: 'reason', label: 'Why do you dispute it?' },
};

function ItemRow({ item, userId }: { item: OutboxItem; userId: string }) {
  const edit = EDITABLE[item.kind];
  const [text, setText] = useState(() => (edit ? String(item.body?.[edit.field] ?? '') : ''));
  const [busy, setBusy] = useState(false);
  const act = async (what: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await what();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : failed);
    } finally {
      setBusy(false);
    }
  };
  const retry = () =>
    act(
      async () =>
        (await appOutbox()).retry(item.id, userId, edit ? { ...(item.body ?? {}), [edit.field]: text } : undefined),
      'Could not retry it',
    );
  const discard = () => act(async () => (await appOutbox()).discard(item.id, userId), 'Could not discard it');
  const headingId = `outbox-item-${item.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      data-testid="outbox-item"
      sx={{ p: 1.75, borderRadius: '12px', border: 1, borderColor: item.refusal ? '#991b1b' : 'divider' }}
    >
      <Typography id={headingId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {item.label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Made on this device {formatDateTime(item.capturedAt)}
        {item.uploads.length ? ` · ${item.uploads.length} photo${item.uploads.length === 1 ? '' : 's'}` : ''}
      </Typography>
      {item.refusal ? (
        <>
          <Alert severity="error" sx={{ mt: 1 }} data-testid="outbox-refusal">
            Not accepted by Panda: {item.refusal.message}
          </Alert>
          {edit && (
            <TextField
              label={edit.label}
              value={text}
              onChange={(e) => setText(e.target.value)}
              fullWidth
              multiline
              minRows={2}
              sx={{ mt: 1.5 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.25 }}>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void retry()}>
              {edit ? 'Save and retry' : 'Retry'}
            </Button>
            <Button size="small" color="error" variant="outlined" disabled={busy} onClick={() => void discard()}>
              Discard
            </Button>
          </Stack>
        </>
      ) : (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {item.attempts > 0
            ? `Not sent yet (${item.lastError ?? 'no answer'}); next try ${formatDateTime(new Date(item.nextAttemptAt).toISOString())}.`
            : 'Waiting for a connection.'}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The outbox list (docs/rules.md#outbox): what waits to be sent, in the order it will go, and what
 * the server refused with its reason, to retry (a dispute's reason edited first) or discard.
 */
export function OutboxDialog({ items, userId, onClose }: { items: OutboxItem[]; userId: string; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="outbox-title"
      aria-describedby="outbox-text"
    >
      <DialogTitle id="outbox-title">Outbox</DialogTitle>
      <DialogContent>
        <Typography id="outbox-text" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Made with no signal, these wait on this device and are sent in this order, once each, as soon as Panda can
          reach the server. They stay here through reloads and closing the browser.
        </Typography>
        {items.length === 0 ? (
          <Typography>Nothing waits to be sent.</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Waiting to send">
            {items.map((item) => (
              <ItemRow key={item.id} item={item} userId={userId} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
