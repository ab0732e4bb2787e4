import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOB_TYPE_CATALOGUE, JOB_TYPES, jobTypeName } from '@panda/contracts/job-types';
import {
  payoutRunRequest,
  setRatesRequest,
  type InvoiceView,
  type RateKey,
  type Rates,
} from '@panda/contracts/payouts';
import { useState, type ReactNode } from 'react';
import { ContractForm } from '../../../components/form/contract-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingScreen } from '../../../components/loading-screen';
import { Pager } from '../../../components/pager';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { saveFile } from '../../../lib/download';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { useServerList } from '../../../lib/paging';
import { toast } from '../../../lib/toast';
import {
  useGetAdminInvoicesQuery,
  useGetRatesQuery,
  useRunPayoutMutation,
  useSetRatesMutation,
} from '../api/payouts-api';
import { formatPence, periodLastDay } from '../lib/money';
import { InvoiceStatusChip } from './invoice-status-chip';
import { PdfDownloadButton } from './pdf-download-button';
import { ResolveInvoiceDisputeDialog } from './resolve-invoice-dispute-dialog';

const RATE_FIELDS = JOB_TYPES.map((t) => ({ key: JOB_TYPE_CATALOGUE[t].key as RateKey, name: jobTypeName(t) }));

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A table that scrolls sideways on a phone; the scroll area is focusable so a keyboard can scroll it. */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        {children}
      </Table>
    </Box>
  );
}

const penceInput = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));

/** New rates from a date (pence before VAT per job type), the form filled with the latest rates. */
function RatesForm({ latest }: { latest: Rates | null }) {
  const form = useContractForm(setRatesRequest, {
    group: 'set-rates',
    defaultValues: { effective_from: '', rates: latest ?? undefined },
  });
  const [setRates] = useSetRatesMutation();
  const submit = form.submitWith(async (values) => {
    const r = await setRates(values).unwrap();
    toast.success(r.message);
    form.reset({ effective_from: '', rates: values.rates });
  }, 'Failed to save the rates');
  return (
    <ContractForm form={form} onSubmit={submit} aria-label="Set rates">
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}
      >
        <FormTextField name="effective_from" label="Effective from" type="date" required />
        {RATE_FIELDS.map((f) => (
          <FormTextField
            key={f.key}
            name={`rates.${f.key}`}
            label={`${f.name} (pence)`}
            type="number"
            required
            parse={penceInput}
            slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          />
        ))}
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={form.pending}>
        {form.pending ? 'Saving...' : 'Save rates'}
      </Button>
    </ContractForm>
  );
}

/** Rates per job type with their history, the latest effective date first, and the sign-offs no rate covered. */
function RatesPanel() {
  const { data, isLoading, isError, refetch } = useGetRatesQuery();
  return (
    <Panel id="payout-rates" title="Rates">
      {isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading rates..." />
      ) : isError || !data ? (
        <RetryAlert onRetry={() => void refetch()}>Failed to load rates</RetryAlert>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            A sign-off earns the rate in force on its work date. A new rate never changes what was already earned.
          </Typography>
          <RatesForm latest={data.history[0]?.rates ?? null} />
          {data.history.length === 0 ? (
            <Typography>No rates set yet: confirmed sign-offs earn nothing until there is one.</Typography>
          ) : (
            <ScrollTable label="Rate history">
              <TableHead>
                <TableRow>
                  <TableCell>Effective from</TableCell>
                  {RATE_FIELDS.map((f) => (
                    <TableCell key={f.key} align="right">
                      {f.name}
                    </TableCell>
                  ))}
                  <TableCell>Set</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.history.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{formatDate(h.effective_from)}</TableCell>
                    {RATE_FIELDS.map((f) => (
                      <TableCell key={f.key} align="right">
                        {formatPence(h.rates[f.key])}
                      </TableCell>
                    ))}
                    <TableCell>{formatDateTime(h.set_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          )}
          {data.no_rate.length > 0 && (
            <Alert severity="warning">
              {data.no_rate.length} confirmed {data.no_rate.length === 1 ? 'sign-off' : 'sign-offs'} earned nothing (no
              rate): {data.no_rate.map((n) => `${n.mentor_name}, ${formatDate(n.work_date)}`).join('; ')}.
            </Alert>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** An invoice's dispute and how it was resolved, in a few words (docs/rules.md#invoice-disputes). */
function disputeText(i: InvoiceView) {
  if (!i.dispute_reason) return null;
  if (!i.dispute_outcome) return `Disputed: "${i.dispute_reason}"`;
  if (!i.credit_note) return 'Dispute rejected';
  const note = `Upheld: credit note ${i.credit_note.number} for ${formatPence(i.credit_note.gross_pence)}`;
  return i.credit_note.taken_off_next_payout
    ? `${note}, taken off the next payout`
    : `${note}, ${formatPence(i.payable_pence)} to pay`;
}

/** Credit notes of the mentor's paid invoices taken off this invoice's payment (docs/rules.md#invoice-disputes). */
const creditsText = (i: InvoiceView) =>
  i.credits_applied.length > 0 && i.paid_at
    ? `Paid ${formatPence(i.payable_pence)}, less ${i.credits_applied.map((c) => `credit note ${c.number} (${formatPence(c.pence)})`).join(' and ')}`
    : null;

const adminUrl = (i: InvoiceView, what: 'pdf' | 'credit-note') =>
  `/api/admin/invoices/${encodeURIComponent(i.id)}${what === 'pdf' ? '.pdf' : '/credit-note.pdf'}`;

/** Every invoice, newest first, a page at a time; search by number or mentor (docs/rules.md#list-paging). */
function InvoicesPanel() {
  const list = useServerList('invoices');
  const { data, isLoading, isError, isFetching, refetch } = useGetAdminInvoicesQuery(list.args);
  const [resolving, setResolving] = useState<InvoiceView | null>(null);
  return (
    <Panel id="payout-invoices" title="Invoices">
      <TextField
        size="small"
        label="Search invoices"
        placeholder="Invoice number or mentor"
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      {isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading invoices..." />
      ) : isError || !data ? (
        <RetryAlert onRetry={() => void refetch()}>Failed to load invoices</RetryAlert>
      ) : data.items.length === 0 ? (
        <Typography>{list.search ? 'No invoices match your search.' : 'No invoices yet.'}</Typography>
      ) : (
        <>
          <ScrollTable label="Invoices">
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell>Mentor</TableCell>
                <TableCell>Period</TableCell>
                <TableCell align="right">Net</TableCell>
                <TableCell align="right">VAT</TableCell>
                <TableCell align="right">Gross</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Documents and dispute</TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: isFetching ? 0.6 : 1 }}>
              {data.items.map((i) => (
                <TableRow key={i.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.number}</TableCell>
                  <TableCell>{i.mentor_name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(i.period_start)} to {formatDate(periodLastDay(i.period_end))}
                  </TableCell>
                  <TableCell align="right">{formatPence(i.net_pence)}</TableCell>
                  <TableCell align="right">{formatPence(i.vat_pence)}</TableCell>
                  <TableCell align="right">{formatPence(i.gross_pence)}</TableCell>
                  <TableCell>
                    <InvoiceStatusChip status={i.status} />
                  </TableCell>
                  <TableCell>
                    <Stack spacing={1} sx={{ minWidth: 200 }}>
                      {disputeText(i) && <Typography variant="body2">{disputeText(i)}</Typography>}
                      {creditsText(i) && <Typography variant="body2">{creditsText(i)}</Typography>}
                      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                        <PdfDownloadButton
                          url={adminUrl(i, 'pdf')}
                          fileName={`${i.number}.pdf`}
                          label="PDF"
                          ariaLabel={`Download PDF of invoice ${i.number}`}
                        />
                        {i.credit_note && (
                          <PdfDownloadButton
                            url={adminUrl(i, 'credit-note')}
                            fileName={`${i.credit_note.number}.pdf`}
                            label="Credit note"
                            ariaLabel={`Download credit note ${i.credit_note.number}`}
                          />
                        )}
                        {i.status === 'disputed' && (
                          <Button
                            size="small"
                            variant="contained"
                            color="warning"
                            onClick={() => setResolving(i)}
                            aria-label={`Resolve the dispute of invoice ${i.number}`}
                          >
                            Resolve
                          </Button>
                        )}
                      </Stack>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
          <Pager
            label="Invoice pages"
            total={data.total}
            pageIndex={list.pager.pageIndex}
            next={data.next}
            onNext={list.pager.next}
            onPrevious={list.pager.previous}
          />
        </>
      )}
      {resolving && <ResolveInvoiceDisputeDialog invoice={resolving} onClose={() => setResolving(null)} />}
    </Panel>
  );
}

/**
 * Pays a period's undisputed invoices and downloads the bank CSV; the server's refusal (a period
 * already paid, not ended, or with a mentor lacking bank details) is shown as it says it.
 */
function PayoutRunPanel() {
  const form = useContractForm(payoutRunRequest, { group: 'payout-run', defaultValues: { period: '' } });
  const [run] = useRunPayoutMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = form.submitWith(async (values) => {
    setOutcome(null);
    try {
      const file = await run(values).unwrap();
      saveFile(new Blob([file.csv], { type: 'text/csv' }), file.fileName);
      setOutcome({ ok: true, text: `Payout run made: ${file.fileName} downloaded.` });
      toast.success('Payout run made');
    } catch (err) {
      if (!fieldErrors(err).period) setOutcome({ ok: false, text: errorMessage(err, 'The payout run failed') });
      throw err;
    }
  }, 'The payout run failed');
  return (
    <Panel id="payout-run" title="Payout run">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Pays every undisputed invoice of a 14-day period (and any earlier one whose dispute has since been resolved,
        less its credit note), less the credit notes of invoices already paid, and downloads the CSV for the bank.
        Periods start on Monday 5 January 2026 and every 14 days after; each period is paid once.
      </Typography>
      <ContractForm
        form={form}
        onSubmit={submit}
        aria-label="Payout run"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <FormTextField
          name="period"
          label="Period (its first day)"
          type="date"
          required
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <Button type="submit" variant="contained" disabled={form.pending} sx={{ mt: 1 }}>
          {form.pending ? 'Running...' : 'Run payout and download CSV'}
        </Button>
      </ContractForm>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 2 }} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
    </Panel>
  );
}

/** The admin's Payouts tab (docs/rules.md#mentor-payouts): rates, invoices and payout runs. */
export function AdminPayoutsTab() {
  return (
    <Stack spacing={3}>
      <RatesPanel />
      <PayoutRunPanel />
      <InvoicesPanel />
    </Stack>
  );
}
