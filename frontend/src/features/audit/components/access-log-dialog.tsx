import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import type { AccessLogEntry } from '@panda/contracts/audit';
import { useAccessLogQuery } from '../api/audit-api';
import { ACCESS_LABELS, ROLE_NAMES, dateTime } from '../lib/format';

/** Admins: every audit read (who, what, when), newest first, 50 at a time (docs/rules.md#list-paging paging). */
export function AccessLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={narrow}
      maxWidth="lg"
      aria-labelledby="access-log-title"
    >
      <DialogTitle id="access-log-title">Audit access log</DialogTitle>
      {/* Focusable: a keyboard user can scroll the list (it scrolls at narrow widths). */}
      <DialogContent dividers tabIndex={0}>
        {open && <AccessLogPages narrow={narrow} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function AccessLogPages({ narrow }: { narrow: boolean }) {
  const [cursor, setCursor] = useState<string | null>(null);
  const [rows, setRows] = useState<AccessLogEntry[]>([]);
  const { data, error, isFetching } = useAccessLogQuery({ cursor });
  // Each page that arrives is added to the rows (adjusted while rendering, not in an effect).
  const [added, setAdded] = useState<typeof data>(undefined);
  if (data && data !== added) {
    setAdded(data);
    setRows((r) => (cursor ? [...r.filter((x) => !data.items.some((y) => y.id === x.id)), ...data.items] : data.items));
  }
  return (
    <>
      {isFetching && <LinearProgress aria-label="Loading access log" />}
      {error && <Alert severity="error">{errorMessage(error, 'Could not load the access log')}</Alert>}
      {data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {rows.length} of {data.total} audit reads
        </Typography>
      )}
      {narrow ? (
        <Stack component="ol" spacing={1} aria-label="Audit reads" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((r) => (
            <Box component="li" key={r.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {ACCESS_LABELS[r.action] ?? r.action}
                {r.query ? `: “${r.query}”` : ''}
              </Typography>
              <Typography variant="body2">
                {r.actor_name} ({ROLE_NAMES[r.actor_role] ?? r.actor_role}) · {r.actor_email}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {dateTime(r.at)}
                {r.subject_id ? ` · ${r.subject_type} ${r.subject_id}` : ''}
                {r.as_of ? ` · as of ${dateTime(r.as_of)}` : ''}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label="Audit reads, scrollable">
          <Table size="small" aria-label="Audit reads">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Record</TableCell>
                <TableCell>As of</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.at)}</TableCell>
                  <TableCell>
                    {r.actor_name} ({ROLE_NAMES[r.actor_role] ?? r.actor_role})<br />
                    <Typography variant="caption" color="text.secondary">
                      {r.actor_email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {ACCESS_LABELS[r.action] ?? r.action}
                    {r.query ? `: “${r.query}”` : ''}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {r.subject_id ? `${r.subject_type} ${r.subject_id}` : (r.subject_type ?? '—')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.as_of ? dateTime(r.as_of) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data?.next && (
        <Button sx={{ mt: 1 }} onClick={() => setCursor(data.next)} disabled={isFetching}>
          Load more
        </Button>
      )}
    </>
  );
}
