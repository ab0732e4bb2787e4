import { Router } from 'express';
import {
  invoiceDisputeRequest,
  invoiceDisputeResolution,
  payoutDetailsRequest,
  payoutRunRequest,
  setRatesRequest,
  PERIOD_MESSAGE,
} from '@panda/contracts/payouts';
import { payoutStream } from '@panda/events/catalogue/payouts';
import { periodStartingOn } from '@panda/events/domain/payouts';
import { badRequest, notFound } from '@panda/platform/errors';
import { authOf, authenticate, requireRole, validate } from '@panda/platform/http';
import { handle } from '../shared/decider';
import { metaFor, sendResult, type CommandDeps } from '../shared/deps';
import { ledgerDecider } from './decider';
import { disputeInvoice, makePayoutRun, mentorOfInvoiceId, resolveInvoiceDispute, sealBank, setRates } from './service';

/**
 * Mentor payouts (docs/rules.md#mentor-payouts), the command side:
 * - PUT  /api/admin/rates                  {effective_from, rates} (admin)
 * - PUT  /api/mentor/payout-details        {VAT_Number, Bank_Account_Name, Sort_Code, Account_Number} (mentor)
 * - POST /api/mentor/invoices/:id/dispute  {reason} (the mentor whose invoice it is; within 7 days, once)
 * - POST /api/admin/invoices/:id/resolve-dispute {outcome, credit_pence?, reason} (admin; once, after a dispute)
 * - POST /api/admin/payout-runs            {period} -> the bank CSV (admin; once per period)
 */
export function payoutRoutes(deps: CommandDeps): Router {
  const r = Router();
  const auth = authenticate(deps.authenticator);
  const admin = [auth, requireRole('admin')];
  const mentor = [auth, requireRole('mentor')];

  r.put('/api/admin/rates', ...admin, async (req, res) => {
    const body = validate(setRatesRequest, req.body);
    const ratesId = deps.newId();
    const { position } = await setRates(
      deps,
      { ratesId, effectiveFrom: body.effective_from, rates: body.rates, adminId: authOf(req).id },
      metaFor(req, deps),
    );
    sendResult(res, 200, position, { message: 'Rates saved', id: ratesId });
  });

  r.put('/api/mentor/payout-details', ...mentor, async (req, res) => {
    const body = validate(payoutDetailsRequest, req.body);
    const mentorId = authOf(req).id;
    const { position } = await handle(
      deps.store,
      payoutStream(mentorId),
      ledgerDecider,
      {
        type: 'SavePayoutDetails',
        mentorId,
        vatNumber: body.VAT_Number,
        bankSealed: sealBank(deps.config.mailKey, mentorId, {
          accountName: body.Bank_Account_Name,
          sortCode: body.Sort_Code,
          accountNumber: body.Account_Number,
        }),
        sortCodeLast2: body.Sort_Code.slice(-2),
        accountNumberLast2: body.Account_Number.slice(-2),
      },
      metaFor(req, deps),
    );
    sendResult(res, 200, position, { message: 'Payout details saved' });
  });

  r.post('/api/mentor/invoices/:id/dispute', ...mentor, async (req, res) => {
    const body = validate(invoiceDisputeRequest, req.body);
    const mentorId = authOf(req).id;
    const invoiceId = String(req.params.id);
    // Only the mentor's own stream is searched: another mentor's invoice is not found.
    const { position } = await disputeInvoice(
      deps,
      { invoiceId, mentorId, reason: body.reason, at: deps.clock().toISOString() },
      metaFor(req, deps),
    );
    sendResult(res, 200, position, { message: 'Invoice disputed', id: invoiceId });
  });

  r.post('/api/admin/invoices/:id/resolve-dispute', ...admin, async (req, res) => {
    const body = validate(invoiceDisputeResolution, req.body);
    const invoiceId = String(req.params.id);
    const mentorId = mentorOfInvoiceId(invoiceId);
    if (!mentorId) throw notFound('Invoice not found');
    const { position, events } = await resolveInvoiceDispute(
      deps,
      {
        invoiceId,
        mentorId,
        adminId: authOf(req).id,
        outcome: body.outcome,
        creditNetPence: body.outcome === 'upheld' ? (body.credit_pence ?? null) : null,
        reason: body.reason,
        creditNoteId: deps.newId(),
        at: deps.clock().toISOString(),
      },
      metaFor(req, deps),
    );
    const resolved = events.find((e) => e.type === 'InvoiceDisputeResolved');
    const creditNote = resolved?.type === 'InvoiceDisputeResolved' ? resolved.data.creditNote : null;
    sendResult(res, 200, position, {
      message: creditNote ? `Dispute upheld: credit note ${creditNote.number} issued` : 'Dispute rejected',
      id: invoiceId,
      credit_note_number: creditNote?.number ?? null,
    });
  });

  r.post('/api/admin/payout-runs', ...admin, async (req, res) => {
    const body = validate(payoutRunRequest, req.body);
    const period = periodStartingOn(body.period);
    if (!period) throw badRequest([{ field: 'period', message: PERIOD_MESSAGE }]);
    if (`${period.end}T00:00:00.000Z` > deps.clock().toISOString())
      throw badRequest([{ field: 'period', message: 'This period has not ended yet' }]);
    const runId = deps.newId();
    const result = await makePayoutRun(deps, period, authOf(req).id, runId, metaFor(req, deps));
    res.setHeader('X-Log-Position', String(result.position));
    res.setHeader('Content-Disposition', `attachment; filename="payout-${period.start}.csv"`);
    res.status(201).type('text/csv; charset=utf-8').send(result.csv);
  });

  return r;
}
