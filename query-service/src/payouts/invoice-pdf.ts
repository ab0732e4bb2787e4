import { poundsOf } from '@panda/events/domain/payouts';
import type { CreditNote } from '@panda/events/catalogue/payouts';
import type { InvoiceDoc } from '@panda/projections/read-models/payouts';
import { MARGIN, a4Pdf } from '../shared/pdf';

/** The words every self-billed invoice carries, and the VAT sentence when VAT applies (docs/rules.md#mentor-payouts). */
export const SELF_BILLING_TITLE = 'Self-billing invoice';
export const VAT_SENTENCE = 'The VAT shown is your output tax due to HMRC.';
export const CREDIT_NOTE_TITLE = 'Self-billing credit note';
/** The customer who self-bills: Panda. */
export const PANDA_PARTY = { name: 'Panda', role: 'Customer (issues this invoice on the supplier’s behalf)' };

const money = (pence: number) => `£${poundsOf(pence)}`;
const day = (iso: string) => iso.slice(0, 10);
/** The last day of a period (its end is the day after). */
const lastDay = (end: string) => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** An A4 self-billing document (pdfkit): the title, its own number and dates, both parties and the agreement. */
function selfBillingDocument(inv: InvoiceDoc, title: string, heading: [string, string][]) {
  const { doc, done, label } = a4Pdf(`${title} ${heading[0][1]}`, title);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.5).fontSize(10);
  for (const [k, v] of heading) label(k, v);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').text('Supplier (the mentor)');
  doc.font('Helvetica').text(inv.business_name ? `${inv.mentor_name}, ${inv.business_name}` : inv.mentor_name);
  if (inv.business_postcode) doc.text(inv.business_postcode);
  doc.text(`Payee number ${inv.payee_number}`);
  doc.text(inv.vat_number ? `VAT number ${inv.vat_number}` : 'Not VAT registered');
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').text(`${PANDA_PARTY.name}`);
  doc.font('Helvetica').text(PANDA_PARTY.role);
  doc.moveDown(0.4);
  label(
    'Self-billing agreement',
    inv.self_billing_agreed_at
      ? `agreed by the supplier on ${day(inv.self_billing_agreed_at)} (Panda's terms)`
      : 'the supplier has not agreed to the terms',
  );
  doc.moveDown(0.8);
  return { doc, done, left, right };
}

/** Net, VAT and gross, right-aligned under the lines. */
function totals(doc: PDFKit.PDFDocument, left: number, right: number, rows: [string, number][]) {
  for (const [k, pence] of rows) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(k, left, y, { width: right - left - 90, align: 'right' });
    doc.font('Helvetica').text(money(pence), right - 80, y, { width: 80, align: 'right' });
    doc.x = left;
  }
}

/** A self-billed invoice as an A4 PDF (pdfkit): both parties, number, dates, one line per entry, totals. */
export function invoicePdf(inv: InvoiceDoc): Promise<Buffer> {
  const { doc, done, left, right } = selfBillingDocument(inv, SELF_BILLING_TITLE, [
    ['Invoice number', inv.number],
    ['Issue date', day(inv.issued_at)],
    ['Period', `${inv.period_start} to ${lastDay(inv.period_end)}`],
  ]);

  const cols = [left, left + 90, left + 230, left + 330];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.slice(0, 4).forEach((c, i) => doc.text(c, cols[i], y, { width: (cols[i + 1] ?? right - 80) - cols[i] - 4 }));
    doc.text(cells[4], right - 80, y, { width: 80, align: 'right' });
    doc.x = left;
    doc.moveDown(0.3);
  };
  row(['Work date', 'Job type', 'Entry', 'Sign-off', 'Amount (net)'], true);
  for (const l of inv.lines)
    row([
      l.workDate,
      l.jobType,
      l.kind === 'earning' ? 'Earning' : 'Reversal',
      l.signatureId.slice(0, 18),
      money(l.amountPence),
    ]);
  doc.moveDown(0.6);
  totals(doc, left, right, [
    ['Net', inv.net_pence],
    [inv.vat_number ? 'VAT at 20%' : 'VAT', inv.vat_pence],
    ['Gross (to be paid)', inv.gross_pence],
  ]);
  doc.moveDown(1);
  if (inv.vat_number) doc.font('Helvetica-Bold').fontSize(10).text(VAT_SENTENCE, left);
  doc.end();
  return done;
}

/** The credit note of an upheld invoice dispute (docs/rules.md#invoice-disputes). */
export function creditNotePdf(inv: InvoiceDoc, note: CreditNote): Promise<Buffer> {
  const { doc, done, left, right } = selfBillingDocument(inv, CREDIT_NOTE_TITLE, [
    ['Credit note number', note.number],
    ['Issue date', day(note.issuedAt)],
    ['Corrects invoice', `${inv.number} of ${day(inv.issued_at)}`],
    ['Period', `${inv.period_start} to ${lastDay(inv.period_end)}`],
  ]);
  doc.font('Helvetica-Bold').fontSize(10).text('Reason');
  doc.font('Helvetica').text(inv.resolution_reason ?? '');
  doc.moveDown(0.8);
  const rows: [string, number][] = [
    ['Credit (net)', note.netPence],
    [inv.vat_number ? 'VAT at 20%' : 'VAT', note.vatPence],
    ['Credit (gross)', note.grossPence],
  ];
  // A paid invoice's credit comes off the next payouts instead (docs/rules.md#invoice-disputes).
  if (!note.takenOffNextPayout) rows.push(['Invoice gross less this credit', inv.gross_pence - note.grossPence]);
  totals(doc, left, right, rows);
  doc.moveDown(1);
  if (note.takenOffNextPayout)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Invoice ${inv.number} was paid before this credit note: the credit is taken off your next payout.`, left);
  if (inv.vat_number) doc.font('Helvetica-Bold').fontSize(10).text(VAT_SENTENCE, left);
  doc.end();
  return done;
}
