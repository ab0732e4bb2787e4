import { Router, type Request, type Response } from 'express';
import { periodOf } from '@panda/events/domain/payouts';
import {
  maskDigits,
  type EarningsSummary,
  type InvoiceView,
  type LedgerEntry,
  type RateVersion,
} from '@panda/contracts/payouts';
import { unseal } from '@panda/platform/sealed';
import { notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole } from '@panda/platform/http';
import { findPage, parsePaging, setPageHeaders, type ListSpec } from '@panda/platform/paging';
import { accounts } from '@panda/projections/read-models/accounts';
import { mentorProfiles } from '@panda/projections/read-models/mentor-profiles';
import {
  invoices,
  ledgerEntries,
  noRateSignOffs,
  payoutDetails,
  payoutRates,
  pendingEarnings,
  type InvoiceDoc,
} from '@panda/projections/read-models/payouts';
import type { QueryDeps } from '../shared/deps';
import { recordAuditRead } from '../audit/record';
import { creditNotePdf, invoicePdf } from './invoice-pdf';

export const invoiceView = (d: InvoiceDoc): InvoiceView => ({
  id: d.id,
  number: d.number,
  mentor_id: d.mentor_id,
  mentor_name: d.mentor_name,
  payee_number: d.payee_number,
  period_start: d.period_start,
  period_end: d.period_end,
  issued_at: d.issued_at,
  lines: d.lines.map((l) => ({
    entry_id: l.entryId,
    signature_id: l.signatureId,
    job_type: l.jobType,
    kind: l.kind,
    work_date: l.workDate,
    amount_pence: l.amountPence,
  })),
  net_pence: d.net_pence,
  vat_pence: d.vat_pence,
  gross_pence: d.gross_pence,
  vat_number: d.vat_number,
  status: d.status,
  dispute_until: d.dispute_until,
  dispute_reason: d.dispute_reason,
  dispute_outcome: d.dispute_outcome ?? null,
  resolution_reason: d.resolution_reason ?? null,
  credit_note: d.credit_note
    ? {
        number: d.credit_note.number,
        issued_at: d.credit_note.issuedAt,
        net_pence: d.credit_note.netPence,
        vat_pence: d.credit_note.vatPence,
        gross_pence: d.credit_note.grossPence,
        taken_off_next_payout: d.credit_note.takenOffNextPayout === true,
      }
    : null,
  payable_pence:
    d.paid_pence ?? d.gross_pence - (d.credit_note && !d.credit_note.takenOffNextPayout ? d.credit_note.grossPence : 0),
  credits_applied: (d.credits_applied ?? []).map((c) => ({ number: c.number, pence: c.pence })),
  paid_at: d.paid_at,
});

/** The ledger and the invoice lists page newest first (docs/rules.md#list-paging). */
const NEWEST_FIRST: ListSpec = { sorts: { position: 'position' }, defaultSort: '-position' };
/** Admins may search the invoices by number or mentor. */
const ADMIN_INVOICES: ListSpec = { ...NEWEST_FIRST, search: ['number', 'mentor_name'] };

/** docs/api-payouts.md */
export function payoutQueryRoutes(deps: QueryDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const admin = [auth, requireRole('admin')];
  const mentor = [auth, requireRole('mentor')];
  const rs = deps.readStore;

  r.get('/api/admin/rates', ...admin, async (_req, res) => {
    const [history, noRate] = await Promise.all([
      rs.find(payoutRates, {}, { sort: { effective_from: -1, position: -1 } }),
      rs.find(noRateSignOffs, {}, { sort: { at: -1 }, limit: 500 }),
    ]);
    const names = new Map<string, string>();
    for (const id of new Set(noRate.map((n) => n.mentor_id))) names.set(id, (await rs.get(accounts, id))?.Name ?? '');
    res.json({
      history: history.map((h): RateVersion => ({
        id: h.id,
        effective_from: h.effective_from,
        rates: h.rates,
        set_at: h.set_at,
        set_by: h.set_by,
      })),
      no_rate: noRate.map((n) => ({
        signature_id: n.id,
        mentor_id: n.mentor_id,
        mentor_name: names.get(n.mentor_id) ?? '',
        job_type: n.job_type,
        work_date: n.work_date,
        at: n.at,
      })),
    });
  });

  r.get('/api/mentor/ledger', ...mentor, async (req, res) => {
    const page = await findPage(rs, ledgerEntries, { mentor_id: authOf(req).id }, parsePaging(req.query, NEWEST_FIRST));
    setPageHeaders(req, res, page);
    res.json(
      page.items.map((e): LedgerEntry => ({
        id: e.id,
        signature_id: e.signature_id,
        job_type: e.job_type,
        kind: e.kind,
        amount_pence: e.amount_pence,
        work_date: e.work_date,
        at: e.at,
        invoice_number: e.invoice_number,
      })),
    );
  });

  r.get('/api/mentor/earnings', ...mentor, async (req, res) => {
    const id = authOf(req).id;
    const [open, pending] = await Promise.all([
      rs.find(ledgerEntries, { mentor_id: id, invoice_id: null }),
      rs.find(pendingEarnings, { mentor_id: id }, { sort: { signed_at: -1 } }),
    ]);
    const period = periodOf(deps.clock().toISOString());
    const summary: EarningsSummary = {
      period_start: period.start,
      period_end: period.end,
      uninvoiced_pence: open.reduce((t, e) => t + e.amount_pence, 0),
      pending: pending.map((p) => ({
        signature_id: p.id,
        job_type: p.job_type,
        work_date: p.work_date,
        signed_at: p.signed_at,
        status: p.status,
        earns_at: p.earn_due_at,
      })),
    };
    res.json(summary);
  });

  r.get('/api/mentor/invoices', ...mentor, async (req, res) => {
    const page = await findPage(rs, invoices, { mentor_id: authOf(req).id }, parsePaging(req.query, NEWEST_FIRST));
    setPageHeaders(req, res, page);
    res.json(page.items.map(invoiceView));
  });

  /** The invoice `:id`: any to an admin, their own to a mentor; else null. */
  const invoiceFor = async (req: Request) => {
    const inv = await rs.get(invoices, String(req.params.id));
    return inv && (authOf(req).role === 'admin' || inv.mentor_id === authOf(req).id) ? inv : null;
  };

  const sendPdf = async (res: Response, number: string, pdf: Promise<Buffer>) => {
    const bytes = await pdf;
    res.setHeader('Content-Disposition', `attachment; filename="${number}.pdf"`);
    res.type('application/pdf').send(bytes);
  };

  const sendInvoice = async (req: Request, res: Response) => {
    const inv = await invoiceFor(req);
    if (!inv) throw notFound('Invoice not found');
    await sendPdf(res, inv.number, invoicePdf(inv));
  };
  r.get('/api/mentor/invoices/:id.pdf', ...mentor, sendInvoice);
  r.get('/api/admin/invoices/:id.pdf', ...admin, sendInvoice);

  const sendCreditNote = async (req: Request, res: Response) => {
    const inv = await invoiceFor(req);
    if (!inv?.credit_note) throw notFound('Credit note not found');
    await sendPdf(res, inv.credit_note.number, creditNotePdf(inv, inv.credit_note));
  };
  r.get('/api/mentor/invoices/:id/credit-note.pdf', ...mentor, sendCreditNote);
  r.get('/api/admin/invoices/:id/credit-note.pdf', ...admin, sendCreditNote);

  r.get('/api/admin/invoices', ...admin, async (req, res) => {
    const page = await findPage(rs, invoices, {}, parsePaging(req.query, ADMIN_INVOICES));
    setPageHeaders(req, res, page);
    res.json(page.items.map(invoiceView));
  });

  r.get('/api/mentor/payout-details', ...mentor, async (req, res) => {
    const a = authOf(req);
    const [details, profile] = await Promise.all([rs.get(payoutDetails, a.id), rs.get(mentorProfiles, a.id)]);
    // Every view of bank details is an audit read, on disk before the answer (docs/rules.md#auditors).
    await recordAuditRead(deps, req, a, 'bank_details', { type: 'account', id: a.id }, null);
    const bank = details ? unseal(deps.config.mailKey, details.bank_sealed, `bank:${a.id}`) : null;
    const name = bank ? (JSON.parse(bank) as { accountName: string }).accountName : null;
    res.json({
      VAT_Registered: profile?.VAT_Registered ?? false,
      VAT_Number: details?.vat_number ?? null,
      Bank_Account_Name: name,
      Sort_Code: details ? maskDigits(`0000${details.sort_code_last2}`) : null,
      Account_Number: details ? maskDigits(`000000${details.account_number_last2}`) : null,
      self_billing_agreed_at: profile?.Terms_Agreed_At ?? null,
    });
  });

  return r;
}
