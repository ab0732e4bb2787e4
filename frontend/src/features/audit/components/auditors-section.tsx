import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import type { AuditorListItem, AuditorReissued } from '@panda/contracts/audit';
import { Pager } from '../../../components/pager';
import { TemporaryPassword } from '../../../components/temporary-password';
import { errorMessage } from '../../../lib/errors';
import { useCursorPager, useDebouncedValue } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import { useAuditorsQuery, useReissueAuditorMutation, useRevokeAuditorMutation } from '../api/audit-api';
import { BAD, GOOD, dateTime } from '../lib/format';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';

type Pending = { kind: 'reissue' | 'revoke'; auditor: AuditorListItem };

/**
 * Admins: the auditor accounts (name, e-mail, created, last sign-in, active) with a new temporary
 * password and revoking access, each confirmed first (docs/rules.md#auditor-accounts).
 */
export function AuditorsSection() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const pager = useCursorPager(q);
  const { data, error, isFetching } = useAuditorsQuery({ q, cursor: pager.cursor });
  const [pending, setPending] = useState<Pending | null>(null);
  const [issued, setIssued] = useState<{ auditor: AuditorListItem; answer: AuditorReissued } | null>(null);

  const actions = (a: AuditorListItem) =>
    a.active ? (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style)': { m: 0 } }}>
        <Button size="small" variant="outlined" onClick={() => setPending({ kind: 'reissue', auditor: a })}>
          Re-issue password
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {` for ${a.name}`}
          </Box>
        </Button>
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => setPending({ kind: 'revoke', auditor: a })}
        >
          Revoke
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {` ${a.name}`}
          </Box>
        </Button>
      </Stack>
    ) : (
      <Typography variant="body2" color="text.secondary">
        Revoked {dateTime(a.revoked_at)}
      </Typography>
    );

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} component="section" aria-labelledby="auditors-title">
      <Typography id="auditors-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Auditors
      </Typography>
      <TextField
        label="Search auditors by name or e-mail"
        value={text}
        onChange={(e) => setText(e.target.value)}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { type: 'search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1, maxWidth: { md: 420 } }}
      />
      {isFetching && <LinearProgress aria-label="Loading auditors" />}
      {error && <Alert severity="error">{errorMessage(error, 'Could not load the auditors')}</Alert>}
      {data && data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {q ? 'No auditor matches.' : 'No auditors yet. Add one with "Add auditor".'}
        </Typography>
      )}
      {data && data.items.length > 0 && narrow && (
        <Stack component="ul" spacing={1.5} aria-label="Auditors" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.items.map((a) => (
            <Box component="li" key={a.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{a.name}</Typography>
                <Status auditor={a} />
              </Stack>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {a.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Created {dateTime(a.created_at)} · Last sign-in{' '}
                {a.last_sign_in_at ? dateTime(a.last_sign_in_at) : 'never'}
              </Typography>
              <Box sx={{ mt: 1 }}>{actions(a)}</Box>
            </Box>
          ))}
        </Stack>
      )}
      {data && data.items.length > 0 && !narrow && (
        <TableContainer>
          <Table size="small" aria-label="Auditors">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last sign-in</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{a.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(a.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {a.last_sign_in_at ? dateTime(a.last_sign_in_at) : 'Never'}
                  </TableCell>
                  <TableCell>
                    <Status auditor={a} />
                  </TableCell>
                  <TableCell>{actions(a)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && (
        <Pager
          label="Auditors pages"
          total={data.total}
          pageIndex={pager.pageIndex}
          next={data.next}
          onNext={pager.next}
          onPrevious={pager.previous}
        />
      )}
      <ConfirmDialog
        pending={pending}
        onClose={() => setPending(null)}
        onIssued={(auditor, answer) => {
          setPending(null);
          setIssued({ auditor, answer });
        }}
      />
      <IssuedDialog issued={issued} onClose={() => setIssued(null)} />
    </Paper>
  );
}

function Status({ auditor }: { auditor: AuditorListItem }) {
  if (!auditor.active) return <Chip size="small" label="Revoked" sx={BAD} />;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5, '& > :not(style)': { m: 0 } }}>
      <Chip size="small" label="Active" sx={GOOD} />
      {auditor.temporary_password_unused && <Chip size="small" variant="outlined" label="Temporary password" />}
    </Stack>
  );
}

function ConfirmDialog({
  pending,
  onClose,
  onIssued,
}: {
  pending: Pending | null;
  onClose: () => void;
  onIssued: (auditor: AuditorListItem, answer: AuditorReissued) => void;
}) {
  const [reissue, reissuing] = useReissueAuditorMutation();
  const [revoke, revoking] = useRevokeAuditorMutation();
  const busy = reissuing.isLoading || revoking.isLoading;
  const a = pending?.auditor;
  const confirm = async () => {
    if (!pending || busy) return;
    try {
      if (pending.kind === 'reissue') onIssued(pending.auditor, await reissue(pending.auditor.id).unwrap());
      else {
        await revoke(pending.auditor.id).unwrap();
        toast.success(`${pending.auditor.name}'s access has been revoked`);
        onClose();
      }
    } catch (err) {
      toast.error(
        errorMessage(err, pending.kind === 'reissue' ? 'Could not re-issue the password' : 'Could not revoke'),
      );
    }
  };
  const revokingNow = pending?.kind === 'revoke';
  return (
    <Dialog open={!!pending} onClose={busy ? undefined : onClose} maxWidth="xs" aria-labelledby="auditor-confirm-title">
      <DialogTitle id="auditor-confirm-title">
        {revokingNow ? 'Revoke auditor access?' : 'Re-issue temporary password?'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {revokingNow
            ? `${a?.name} (${a?.email}) will be signed out at once and can no longer sign in. The record of everything they read is kept.`
            : `${a?.name} (${a?.email}) gets a new temporary password. Their current password stops working and they are signed out everywhere.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color={revokingNow ? 'error' : 'primary'} onClick={confirm} disabled={busy}>
          {revokingNow ? 'Revoke access' : 'Re-issue password'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function IssuedDialog({
  issued,
  onClose,
}: {
  issued: { auditor: AuditorListItem; answer: AuditorReissued } | null;
  onClose: () => void;
}) {
  const password = issued?.answer.temporary_password ?? null;
  return (
    <Dialog open={!!issued} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="auditor-issued-title">
      <DialogTitle id="auditor-issued-title">New temporary password</DialogTitle>
      <DialogContent dividers>
        {password ? (
          <TemporaryPassword
            password={password}
            testId="auditor-reissued-password"
            intro={
              <>
                For {issued?.auditor.name} ({issued?.auditor.email}). Shown only once: give it to them in person or by a
                separate channel. It expires in 7 days and they choose their own at the next sign-in.
              </>
            }
          />
        ) : (
          <Alert severity="info">This request was already answered once: the password was shown then.</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
