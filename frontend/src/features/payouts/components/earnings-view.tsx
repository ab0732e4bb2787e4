import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceView, LedgerEntry } from '@panda/contracts/payouts';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { LoadingScreen } from '../../../components/loading-screen';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { jobTypeName } from '../../../lib/job-types';
import { loadedItems } from '../../../lib/paging';
import { useGetEarningsQuery, useGetLedgerInfiniteQuery, useGetMyInvoicesInfiniteQuery } from '../api/payouts-api';
import { formatPence, periodLastDay } from '../lib/money';
import { DisputeInvoiceDialog } from './dispute-invoice-dialog';
import { PdfDownloadButton } from './pdf-download-button';
import { InvoiceStatusChip } from './invoice-status-chip';
import { ListStates } from '../../../components/list-states';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const periodText = (start: string, end: string) => `${formatDate(start)} to ${formatDate(periodLastDay(end))}`;

/** This period so far: what awaits an invoice, and the sign-offs still waiting for the trainee. */
function ThisPeriod() {
  const { data, isLoading, isError, refetch } = useGetEarningsQuery();
  return (
    <Section id="earnings-period" title="This period so far">
      {isLoading ? (
        <LoadingScreen fullScreen={false} message="Loading earnings..." />
      ) : isError || !data ? (
        <RetryAlert onRetry={() => void refetch()}>Failed to load earnings</RetryAlert>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {periodText(data.period_start, data.period_end)}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="uninvoiced-total">
              {formatPence(data.uninvoiced_pence)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Earned and waiting for the next invoice, before any VAT.
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" id="earnings-pending">
              Pending confirmation ({data.pending.length})
            </Typography>
            {data.pending.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No sign-offs are waiting for a trainee.
              </Typography>
            ) : (
              <Stack
                component="ul"
                aria-labelledby="earnings-pending"
                spacing={1}
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {data.pending.map((p) => (
                  <Box component="li" key={p.signature_id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {p.job_type ? jobTypeName(p.job_type) : 'Job'}, worked {formatDate(p.work_date)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {p.status === 'disputed'
                        ? 'Disputed by the trainee: earns nothing unless the dispute is rejected'
                        : `Earns when the trainee confirms, or on ${formatDateTime(p.earns_at)}`}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </Section>
  );
}

function Money({ label, pence, strong }: { label: string; pence: number; strong?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 500 }}>{formatPence(pence)}</Typography>
    </Box>
  );
}

const invoiceUrl = (invoice: InvoiceView, what: 'pdf' | 'credit-note') =>
  `/api/mentor/invoices/${encodeURIComponent(invoice.id)}${what === 'pdf' ? '.pdf' : '/credit-note.pdf'}`;

/** How an admin resolved the mentor's dispute (docs/rules.md#invoice-disputes). */
function Resolution({ invoice }: { invoice: InvoiceView }) {
  if (!invoice.dispute_outcome) return null;
  const note = invoice.credit_note;
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      {!note
        ? 'Dispute rejected: the invoice stands.'
        : note.taken_off_next_payout
          ? `Dispute upheld: credit note ${note.number} for ${formatPence(note.gross_pence)}, taken off your next payout as this invoice was already paid.`
          : `Dispute upheld: credit note ${note.number} for ${formatPence(note.gross_pence)}; ${formatPence(invoice.payable_pence)} to be paid.`}{' '}
      Reason: {invoice.resolution_reason}
    </Typography>
  );
}

function InvoiceItem({ invoice, onDispute }: { invoice: InvoiceView; onDispute: () => void }) {
  const [shownAt] = useState(() => Date.now());
  // The server decides (docs/rules.md#invoice-disputes: within 7 days, once, paid or not); the button is offered while it may.
  const canDispute =
    invoice.status !== 'disputed' && invoice.dispute_reason === null && shownAt < Date.parse(invoice.dispute_until);
  return (
    <Box
      component="li"
      aria-label={`Invoice ${invoice.number}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {invoice.number}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Period {periodText(invoice.period_start, invoice.period_end)} · issued {formatDate(invoice.issued_at)} ·{' '}
        {invoice.lines.length} {invoice.lines.length === 1 ? 'line' : 'lines'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', my: 1.5 }}>
        <Money label="Net" pence={invoice.net_pence} />
        <Money label="VAT" pence={invoice.vat_pence} />
        <Money label="Gross" pence={invoice.gross_pence} strong />
      </Box>
      {invoice.dispute_reason && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Your dispute: &quot;{invoice.dispute_reason}&quot;
        </Typography>
      )}
      <Resolution invoice={invoice} />
      {canDispute && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          You may dispute it until {formatDate(invoice.dispute_until)}.
        </Typography>
      )}
      {invoice.status === 'paid' && invoice.paid_at && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Paid {formatPence(invoice.payable_pence)} on {formatDate(invoice.paid_at)}
          {invoice.credits_applied.length > 0 &&
            `, less ${invoice.credits_applied.map((c) => `credit note ${c.number} (${formatPence(c.pence)})`).join(' and ')}`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <PdfDownloadButton
          url={invoiceUrl(invoice, 'pdf')}
          fileName={`${invoice.number}.pdf`}
          label="Download PDF"
          ariaLabel={`Download PDF of invoice ${invoice.number}`}
        />
        {invoice.credit_note && (
          <PdfDownloadButton
            url={invoiceUrl(invoice, 'credit-note')}
            fileName={`${invoice.credit_note.number}.pdf`}
            label="Download credit note"
            ariaLabel={`Download credit note ${invoice.credit_note.number}`}
          />
        )}
        {canDispute && (
          <Button
            size="small"
            color="warning"
            startIcon={<ReportProblemOutlined />}
            onClick={onDispute}
            aria-label={`Dispute invoice ${invoice.number}`}
          >
            Dispute
          </Button>
        )}
      </Box>
    </Box>
  );
}

function Invoices() {
  const list = useGetMyInvoicesInfiniteQuery();
  const { items, total } = loadedItems(list.data);
  const [disputing, setDisputing] = useState<InvoiceView | null>(null);
  return (
    <Section id="earnings-invoices" title="Invoices">
      <ListStates
        query={list}
        count={items.length}
        loading="Loading invoices..."
        failed="Failed to load invoices"
        empty={
          <EmptyState
            dense
            icon={<ReceiptLongOutlined />}
            title="No invoices yet"
            text="A self-billing invoice is made for you at the end of each 14-day period with earnings."
          />
        }
      >
        <Stack component="ul" spacing={1.5} aria-label="Your invoices" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((i) => (
            <InvoiceItem key={i.id} invoice={i} onDispute={() => setDisputing(i)} />
          ))}
        </Stack>
        <LoadMore noun={['invoice', 'invoices']} shown={items.length} total={total} pages={list} />
      </ListStates>
      {disputing && <DisputeInvoiceDialog invoice={disputing} onClose={() => setDisputing(null)} />}
    </Section>
  );
}

function LedgerLine({ entry }: { entry: LedgerEntry }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 180 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {jobTypeName(entry.job_type)}, worked {formatDate(entry.work_date)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {entry.kind === 'earning' ? 'Earned' : 'Reversed'} {formatDate(entry.at)} ·{' '}
          {entry.invoice_number ? `on invoice ${entry.invoice_number}` : 'awaiting the next invoice'}
        </Typography>
      </Box>
      {entry.kind === 'reversal' && <Chip size="small" label="Reversal" color="warning" variant="outlined" />}
      <Typography sx={{ fontWeight: 700, minWidth: 90, textAlign: 'right' }}>
        {formatPence(entry.amount_pence)}
      </Typography>
    </Box>
  );
}

function Ledger() {
  const list = useGetLedgerInfiniteQuery();
  const { items, total } = loadedItems(list.data);
  return (
    <Section id="earnings-ledger" title="Ledger">
      <ListStates
        query={list}
        count={items.length}
        loading="Loading ledger..."
        failed="Failed to load the ledger"
        empty={
          <EmptyState
            dense
            icon={<ReceiptLongOutlined />}
            title="No earnings yet"
            text="A sign-off earns once the trainee confirms it, or 7 days pass without a dispute."
          />
        }
      >
        <Box component="ul" aria-label="Ledger lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((e) => (
            <LedgerLine key={e.id} entry={e} />
          ))}
        </Box>
        <LoadMore noun={['line', 'lines']} shown={items.length} total={total} pages={list} />
      </ListStates>
    </Section>
  );
}

/**
 * The mentor's Earnings (docs/rules.md#mentor-payouts): this period so far with what awaits the
 * trainee, the self-billing invoices (PDF, dispute within 7 days) and every ledger line.
 */
export function EarningsView() {
  return (
    <Stack spacing={3}>
      <ThisPeriod />
      <Invoices />
      <Ledger />
    </Stack>
  );
}
