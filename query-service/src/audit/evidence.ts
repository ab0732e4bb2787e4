import { lateSendText, sentLate } from '@panda/contracts/signoff-messages';
import type { ChainReport } from '@panda/events/hash-chain';
import { toCsv, type CsvColumn } from '@panda/platform/csv';
import { MARGIN, a4Pdf } from '../shared/pdf';
import type { Person, SignOff } from './replay';

/** One signed card as the evidence pack lists it: the replay's sign-off, its job, and its signer as of the signing. */
export type EvidenceRow = SignOff & { job_type: string; total_count: number; signer: Person | null };

/** The trainee's countersign or dispute of a sign-off, as one line of the evidence pack. */
export function traineeLine(
  s: Pick<SignOff, 'trainee_status_label' | 'confirmed_at' | 'confirmation_hash_matches' | 'dispute' | 'revoked'>,
): string {
  if (s.confirmed_at)
    return `${s.trainee_status_label} ${s.confirmed_at}${s.confirmation_hash_matches ? ' (bound to the same content hash)' : ' (HASH DOES NOT MATCH)'}`;
  if (!s.dispute) return s.trainee_status_label;
  const d = s.dispute;
  const outcome =
    d.outcome === 'upheld'
      ? `; upheld ${d.resolved_at}, sign-off revoked: ${d.resolution_reason}`
      : d.outcome === 'rejected'
        ? `; rejected ${d.resolved_at}, sign-off stands: ${d.resolution_reason}`
        : '; awaiting an admin decision';
  return `${s.trainee_status_label} ${d.disputed_at}: "${d.reason}"${outcome}${s.revoked && d.outcome !== 'upheld' ? '; revoked' : ''}`;
}

export interface Evidence {
  student: Person;
  centre: Person | null;
  /** The mentors of the student's placements (active first), with their Gas Safe numbers. */
  mentors: Person[];
  rows: EvidenceRow[];
  log: ChainReport;
  exportedAt: string;
  exportedBy: { name: string; email: string; role: string };
}

/** The CSV's columns in order, each with its value for a row of the pack. */
const CSV_COLUMNS = (ev: Evidence): CsvColumn<EvidenceRow>[] => [
  ['student_id', () => ev.student.id],
  ['student_name', () => ev.student.name],
  ['student_email', () => ev.student.email],
  ['training_centre', () => ev.centre?.name ?? 'Independent'],
  ['job_type', (r) => r.job_type],
  ['card_number', (r) => r.card_number],
  ['total_count', (r) => r.total_count],
  ['signed_at', (r) => r.signed_at],
  ['captured_at', (r) => r.captured_at],
  ['completed_at', (r) => r.completed_at],
  ['mentor_name', (r) => r.signer?.name ?? 'Unknown account'],
  ['mentor_email', (r) => r.signer?.email],
  ['gas_safe_number', (r) => r.signer?.gasSafeNumber],
  ['signature', (r) => r.signature.signature],
  ['signature_mentor_name', (r) => r.signature.mentorName],
  ['signature_date', (r) => r.signature.date],
  ['signature_time', (r) => r.signature.time],
  ['content_hash', (r) => r.content_hash],
  ['content_hash_source', (r) => r.content_hash_source],
  ['log_position', (r) => r.position],
  ['log_head_hash', () => ev.log.head_hash],
  ['log_verified', () => (ev.log.ok ? 'yes' : `no (first bad position ${ev.log.first_bad_position})`)],
  // docs/rules.md#trainee-countersign: where the sign-off stands with the trainee, in words.
  ['trainee_status', (r) => traineeLine(r)],
];

export const evidenceCsv = (ev: Evidence): string => toCsv(CSV_COLUMNS(ev), ev.rows);

/** The evidence pack as a PDF (pdfkit): who, every signed card with its signature and hash, the log's head hash. */
export function evidencePdf(ev: Evidence): Promise<Buffer> {
  const { doc, done, label } = a4Pdf(`Panda evidence pack: ${ev.student.name}`, 'Signed job cards');
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text('Evidence pack: signed job cards');
  doc.moveDown(0.5).fontSize(10);
  label('Student', `${ev.student.name} <${ev.student.email}> (id ${ev.student.id})`);
  label(
    'Training centre',
    ev.centre ? `${ev.centre.name} <${ev.centre.email}>` : 'Independent student (no training centre)',
  );
  if (ev.mentors.length === 0) label('Mentor', 'none');
  for (const m of ev.mentors)
    label('Mentor', `${m.name} <${m.email}>, Gas Safe registration ${m.gasSafeNumber ?? 'not given'}`);
  label('Exported', `${ev.exportedAt} by ${ev.exportedBy.name} <${ev.exportedBy.email}> (${ev.exportedBy.role})`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text('Event log at export');
  doc
    .font('Helvetica')
    .text(
      ev.log.ok
        ? `Hash chain verified over ${ev.log.events} events.`
        : `Hash chain FAILED verification at log position ${ev.log.first_bad_position} (${ev.log.fault}).`,
    );
  doc.font('Courier').fontSize(8).text(`Head hash: ${ev.log.head_hash}`, { width });
  doc.moveDown(1);

  doc.font('Helvetica-Bold').fontSize(12).text(`Signed job cards (${ev.rows.length})`);
  doc.moveDown(0.3);
  if (ev.rows.length === 0) doc.font('Helvetica').fontSize(10).text('No job card has been signed.');
  for (const r of ev.rows) {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(10).text(`${r.job_type}: card ${r.card_number} of ${r.total_count}`);
    doc.font('Helvetica').fontSize(9);
    const { signature: sig, signer } = r;
    doc.text(`Signature: "${sig.signature}" by ${sig.mentorName}, ${sig.date} ${sig.time}`);
    doc.text(
      `Signed by ${signer?.name ?? 'Unknown account'} <${signer?.email ?? ''}>, Gas Safe ${signer?.gasSafeNumber || 'not given'}`,
    );
    doc.text(`Recorded ${r.signed_at} (log position ${r.position}); work completed ${r.completed_at}`);
    // docs/rules.md#outbox: a card sent more than 24 hours after it was made shows both times.
    if (r.captured_at && sentLate(r.captured_at, r.signed_at)) doc.text(lateSendText(r.captured_at, r.signed_at));
    const source =
      r.content_hash_source === 'recorded'
        ? r.content_hash_matches
          ? 'recorded with the signature; content matches'
          : 'recorded with the signature; CONTENT DOES NOT MATCH'
        : 'computed on replay (signed before hashes were recorded)';
    doc.font('Courier').fontSize(8).text(`Content SHA-256: ${r.content_hash}`, { width });
    doc.font('Helvetica').fontSize(8).fillColor('#444444').text(`Hash ${source}`).fillColor('black');
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Trainee: ${traineeLine(r)}`, { width });
    doc.moveDown(0.6);
  }
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(
      'Each content hash is the SHA-256 of the canonical JSON (sorted keys) of the card signed: student, job type, card number, completion time, mentor and signature. ' +
        'The head hash identifies the whole event log at export: keep it; the log can later be checked against it with GET /api/audit/verify or npm run verify-log.',
      { width },
    );
  doc.end();
  return done;
}
