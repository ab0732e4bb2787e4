import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  BULK_REGISTRATION_HEADER,
  BULK_REGISTRATION_MAX_ROWS,
  type BulkRegistrationResponse,
} from '@panda/contracts/training';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useRegisterStudentsMutation } from '../api/training-centre-api';
import { studentName } from './student-format';

/** The refusal's messages: the file's own, or each bad row's columns in row order. */
function refusalOf(error: unknown): { file: string | null; rows: { row: number; problems: string[] }[] } {
  const fields = fieldErrors(error);
  const rows = new Map<number, string[]>();
  for (const [field, message] of Object.entries(fields)) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(field);
    if (!m) continue;
    const row = Number(m[1]);
    rows.set(row, [...(rows.get(row) ?? []), `${m[2]!.replace(/_/g, ' ')}: ${message}`]);
  }
  const file = fields.file ?? (rows.size ? null : errorMessage(error, 'The upload failed', { useErrorText: true }));
  return { file, rows: [...rows].sort(([a], [b]) => a - b).map(([row, problems]) => ({ row, problems })) };
}

/**
 * Bulk onboarding (docs/rules.md#centre-caseload): the centre uploads a CSV; any bad row and none is
 * registered, and every bad row is listed with its problems; else each new student is listed with the
 * temporary password, shown this once (docs/rules.md#passwords-never-shown).
 */
export function BulkRegisterDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf> | null>(null);
  const [result, setResult] = useState<BulkRegistrationResponse | null>(null);
  const [send, { isLoading, reset }] = useRegisterStudentsMutation();

  const close = () => {
    if (isLoading) return;
    setFile(null);
    setRefusal(null);
    setResult(null);
    onClose();
  };
  const upload = async () => {
    if (!file) return;
    setRefusal(null);
    try {
      const answer = await send(new Uint8Array(await file.arrayBuffer())).unwrap();
      setResult(answer);
      toast.success(answer.message);
    } catch (err) {
      setRefusal(refusalOf(err));
    } finally {
      // The temporary passwords live only in this dialog's state, not in the api cache.
      reset();
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Register Students from a CSV</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2}>
            <Alert severity="success">{result.message}</Alert>
            {result.registered.length > 0 && (
              <>
                <Typography variant="body2">
                  Each student's temporary password is shown only now and was e-mailed to them.
                </Typography>
                <List dense aria-label="Registered students">
                  {result.registered.map((s) => (
                    <ListItem key={s.id} disableGutters>
                      <ListItemText
                        primary={`${studentName(s)} (${s.Email})`}
                        secondary={s.temporary_password ? `Temporary password: ${s.temporary_password}` : null}
                        slotProps={{ secondary: { sx: { fontFamily: 'monospace' } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
            {result.already_registered.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                Already registered before:{' '}
                {result.already_registered.map((s) => `row ${s.row} (${s.Email})`).join(', ')}
              </Typography>
            )}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2">
              A CSV file (UTF-8) with at most {BULK_REGISTRATION_MAX_ROWS} students under this first row:
            </Typography>
            <Typography
              variant="body2"
              component="code"
              sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
            >
              {BULK_REGISTRATION_HEADER.join(',')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Every row is checked first: if any row is wrong, nobody is registered.
            </Typography>
            <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
              <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
                Choose CSV File
              </Button>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                hidden
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setRefusal(null);
                }}
              />
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file ? file.name : 'No file chosen'}
              </Typography>
            </Stack>
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal.file ?? 'Nobody was registered. Please correct these rows and upload the file again:'}
                {refusal.rows.length > 0 && (
                  <List dense aria-label="Rows to correct" sx={{ py: 0 }}>
                    {refusal.rows.map(({ row, problems }) => (
                      <ListItem key={row} disableGutters sx={{ display: 'block' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          Row {row}
                        </Typography>
                        {problems.map((p) => (
                          <Typography key={p} variant="body2">
                            {p}
                          </Typography>
                        ))}
                      </ListItem>
                    ))}
                  </List>
                )}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isLoading}>
          {result ? 'Done' : 'Cancel'}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void upload()} disabled={!file || isLoading}>
            {isLoading ? 'Uploading...' : 'Upload and Register'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
