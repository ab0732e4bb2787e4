import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  RECEIPT_CHECK_TITLES,
  receiptFromFragment,
  verifyReceipt,
  type ReceiptCheck,
  type ReceiptResult,
} from '@panda/contracts/receipt';
import { Logo } from '../../../components/logo';
import { useDocumentTitle } from '../../../lib/document-title';

/** The checks shown one per line, with the failures each stands for (contracts/src/receipt.ts runs them in this order). */
const STEPS: { label: string; fails: ReceiptCheck[] }[] = [
  { label: 'The receipt is whole and in the right form', fails: ['malformed', 'cut_short'] },
  { label: 'The key is a log verifier key', fails: ['bad_key'] },
  {
    label: 'The checkpoint is signed by that key, and the signature verifies over its text',
    fails: ['wrong_key', 'bad_signature'],
  },
  { label: 'The leaf is the hash of the content hash', fails: ['leaf_mismatch'] },
  { label: "The inclusion proof leads from the leaf to the checkpoint's root", fails: ['bad_proof'] },
];

type KeyState = { state: 'loading' } | { state: 'loaded'; key: string } | { state: 'failed'; message: string };

/** The published verifier key (`GET /api/audit/log-key`, public). */
function usePublishedKey(): KeyState {
  const [key, setKey] = useState<KeyState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    fetch('/api/audit/log-key')
      .then(async (res) => {
        if (!res.ok) throw new Error(`the server answered ${res.status}`);
        return (await res.text()).trim();
      })
      .then((k) => live && setKey({ state: 'loaded', key: k }))
      .catch(
        (err: unknown) =>
          live &&
          setKey({
            state: 'failed',
            message: `The published key could not be fetched (${err instanceof Error ? err.message : String(err)}). Paste the key you keep instead.`,
          }),
      );
    return () => {
      live = false;
    };
  }, []);
  return key;
}

function StepLine({ label, status }: { label: string; status: 'passed' | 'failed' | 'not_checked' }) {
  const icon =
    status === 'passed' ? (
      <CheckCircleRounded color="success" fontSize="small" aria-hidden />
    ) : status === 'failed' ? (
      <CancelRounded color="error" fontSize="small" aria-hidden />
    ) : (
      <RadioButtonUncheckedRounded color="disabled" fontSize="small" aria-hidden />
    );
  const word = status === 'passed' ? 'Passed' : status === 'failed' ? 'Failed' : 'Not checked';
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'flex-start', py: 0.5 }}>
      <Box sx={{ pt: '2px' }}>{icon}</Box>
      <Typography variant="body2">
        <strong>{word}:</strong> {label}
      </Typography>
    </Stack>
  );
}

function Outcome({ result }: { result: ReceiptResult }) {
  const failedAt = result.ok ? STEPS.length : STEPS.findIndex((s) => s.fails.includes(result.check));
  return (
    <Stack spacing={2} role="status" aria-live="polite" data-testid="verify-outcome">
      {result.ok ? (
        <Alert severity="success" data-outcome="passed">
          <AlertTitle>Every check passed</AlertTitle>
          Content hash <code style={{ wordBreak: 'break-all' }}>{result.facts.content_hash}</code> was in the log{' '}
          <strong>{result.facts.origin}</strong> at position {result.facts.position} of {result.facts.tree_size} events,
          in a checkpoint signed by the key <strong>{result.facts.key_name}</strong> (sign-off{' '}
          {result.facts.signature_id}).
        </Alert>
      ) : (
        <Alert severity="error" data-outcome={result.check}>
          <AlertTitle>{RECEIPT_CHECK_TITLES[result.check]}</AlertTitle>
          {result.message} This receipt shows nothing.
        </Alert>
      )}
      <Box component="ul" aria-label="Checks" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {STEPS.map((s, i) => (
          <StepLine
            key={s.label}
            label={s.label}
            status={i < failedAt ? 'passed' : i === failedAt ? 'failed' : 'not_checked'}
          />
        ))}
      </Box>
    </Stack>
  );
}

/**
 * /verify (public, no sign-in): checks a sign-off receipt in the browser (docs/rules.md#sign-off-receipts)
 * against the published log key or one pasted, and says what passing proves and what it does not.
 * A QR code's link carries the receipt in the fragment (`#receipt=…`), which never reaches a server.
 */
export function VerifyRoute() {
  useDocumentTitle('Check a receipt');
  const { hash } = useLocation();
  const published = usePublishedKey();
  const [receipt, setReceipt] = useState(() => receiptFromFragment(hash) ?? '');
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const [result, setResult] = useState<ReceiptResult | null>(null);
  // A receipt link opened while the page is already open (another QR code scanned, a link pasted in the address
  // bar) changes only the fragment: its receipt replaces the one shown, and the last outcome goes with it
  // (docs/rules.md#sign-off-receipts).
  const [shownHash, setShownHash] = useState(hash);
  if (hash !== shownHash) {
    setShownHash(hash);
    const linked = receiptFromFragment(hash);
    if (linked !== null) {
      setReceipt(linked);
      setResult(null);
    }
  }
  const [checking, setChecking] = useState(false);
  const key = ownKey ?? (published.state === 'loaded' ? published.key : null);

  const check = async () => {
    if (!key) return;
    setChecking(true);
    try {
      setResult(await verifyReceipt(receipt, key));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: '1px solid', borderColor: 'divider' }}
      >
        <Container maxWidth="md">
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <Button href="/" startIcon={<ArrowBackRounded />} color="inherit" sx={{ fontWeight: 600 }}>
              Home
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Logo to="/" size={30} />
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.4rem' }, mb: 1 }}>
          Check a sign-off receipt
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          A receipt comes with each signed job card in a trainee&apos;s portfolio. It is checked here, in your browser,
          against Panda&apos;s published log key: nothing you paste is sent anywhere.
        </Typography>

        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
          <Stack spacing={2}>
            <TextField
              label="Receipt (JSON)"
              value={receipt}
              onChange={(e) => {
                setReceipt(e.target.value);
                setResult(null);
              }}
              multiline
              minRows={6}
              maxRows={14}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
            {ownKey === null ? (
              <Box>
                {published.state === 'loaded' && (
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    Checked against the published key: <code>{published.key}</code>
                  </Typography>
                )}
                {published.state === 'loading' && <Typography variant="body2">Fetching the published key…</Typography>}
                {published.state === 'failed' && <Alert severity="warning">{published.message}</Alert>}
                <Link component="button" type="button" variant="body2" onClick={() => setOwnKey('')} sx={{ mt: 0.5 }}>
                  Use a key I keep instead
                </Link>
              </Box>
            ) : (
              <TextField
                label="Verifier key"
                helperText="The log key as you keep it: name+key ID+base64 key"
                value={ownKey}
                onChange={(e) => {
                  setOwnKey(e.target.value);
                  setResult(null);
                }}
                fullWidth
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
              />
            )}
            <Box>
              <Button variant="contained" onClick={check} disabled={!receipt.trim() || !key?.trim() || checking}>
                Check receipt
              </Button>
            </Box>
          </Stack>
        </Paper>

        {result && (
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
            <Outcome result={result} />
          </Paper>
        )}

        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          component="section"
          aria-label="What a receipt proves"
        >
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              What passing proves
            </Typography>
            <Typography variant="body2">
              That this content hash was in Panda&apos;s log, at that position, when the log held that many events; and
              that the holder of Panda&apos;s log key signed that state of the log. A log rewritten later no longer
              matches the signed checkpoint.
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              What it does not prove
            </Typography>
            <Typography variant="body2">
              That the work was done, or done well: only that it was recorded. Nor that the key&apos;s holder is honest:
              compare the checkpoint with ones kept by others (auditors receive one a day by mail).
            </Typography>
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
