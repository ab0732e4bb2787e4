import QRCode from 'qrcode';
import type { Portfolio, PortfolioCard } from '@panda/contracts/portfolio';
import { thumbnailJpeg } from '@panda/platform/images';
import { MARGIN, a4Pdf } from '../shared/pdf';

/** A photo's bytes by its SHA-256 (the blob store), or null when it is not kept. */
export type PhotoSource = (sha256: string) => Promise<Uint8Array | null>;

const QR_SIZE = 130;
const THUMB = 90;

/** The /verify link of a receipt as a QR code (PNG); null when the link is too long for one. */
async function qrOf(link: string): Promise<Buffer | null> {
  try {
    return await QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'L', margin: 2, width: 600 });
  } catch {
    return null;
  }
}

/** The portfolio as an A4 PDF (docs/api-audit.md, "Portfolio"). */
export async function portfolioPdf(p: Portfolio, photo: PhotoSource): Promise<Buffer> {
  const pdf = a4Pdf(`Panda portfolio: ${p.student.name}`, 'Signed job cards and evidence', { bufferPages: true });
  const { doc, done, label } = pdf;
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).text('Training portfolio');
  doc.moveDown(0.4).fontSize(10);
  label('Trainee', `${p.student.name} <${p.student.email}>`, width);
  label('Training centre', p.centre ? p.centre.name : 'Independent (no training centre)', width);
  label('Exported', p.exported_at, width);
  label('Signed job cards', String(p.cards.length), width);
  doc.moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(12).text(`Criteria (${p.criteria.template})`);
  doc.moveDown(0.2).fontSize(9);
  for (const c of p.criteria.items)
    doc
      .font('Helvetica')
      .text(`${c.code} ${c.title}: ${c.evidenced} of ${c.required} cards${c.met ? ' (met)' : ''}`, { width });
  doc.moveDown(0.6);

  doc.font('Helvetica-Bold').fontSize(12).text('Event log at export');
  doc.font('Helvetica').fontSize(9).text(`${p.log.head_position} events. Head hash:`);
  doc
    .font('Courier')
    .fontSize(8)
    .text(p.log.head_hash ?? 'none', { width });
  if (p.log.verifier_key) {
    doc.font('Helvetica').fontSize(9).text('Log verifier key:');
    doc.font('Courier').fontSize(8).text(p.log.verifier_key, { width });
  }
  doc.moveDown(0.8);

  for (const card of p.cards) await cardSection(pdf, card, photo, width);
  if (p.cards.length === 0) doc.font('Helvetica').fontSize(10).text('No job card has been signed.');

  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(
      "Each card's QR code opens the public /verify page with its receipt: it checks, against the log's published key, " +
        'that the event recording the sign-off is in the log signed by that key. It does not prove the work was done.',
      { width },
    )
    .fillColor('black');

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#444444')
      .text(
        `Page ${i + 1} of ${range.count} · ${p.student.name} · exported ${p.exported_at}`,
        MARGIN,
        doc.page.height - 35,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      )
      .fillColor('black');
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

async function cardSection(pdf: ReturnType<typeof a4Pdf>, c: PortfolioCard, photo: PhotoSource, width: number) {
  const { doc, label } = pdf;
  if (doc.y > doc.page.height - 260) doc.addPage();
  const top = doc.y;
  const textWidth = width - QR_SIZE - 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${c.job_type}: card ${c.card_number} of ${c.total_count}`, { width: textWidth });
  doc.fontSize(9);
  const line = (k: string, v: string) => label(k, v, textWidth);
  if (c.evidence) {
    const a = c.evidence.appliance;
    line('Work done', c.evidence.work_done);
    line('Site', c.evidence.site_postcode);
    line('Appliance', [a.label, a.make, a.model].filter(Boolean).join(', '));
    line('Time on the job', `${c.evidence.duration_minutes} minutes`);
  } else doc.font('Helvetica-Oblique').text(c.evidence_note ?? '', { width: textWidth });
  line('Signed', `"${c.signature.signature}" by ${c.signature.mentorName}, ${c.signature.date} ${c.signature.time}`);
  line('Mentor', `${c.mentor.name}, Gas Safe ${c.mentor.gas_safe_number ?? 'not given'}`);
  line('Recorded', `${c.signed_at} (log position ${c.position}); work completed ${c.completed_at}`);
  line(
    'Trainee',
    `${c.trainee_status_label}${c.confirmed_at ? ` ${c.confirmed_at}` : ''}${c.revoked ? '; revoked' : ''}`,
  );
  if (c.reflection) line('Reflection', c.reflection);
  if (c.dispute)
    line(
      'Dispute',
      `"${c.dispute.reason}" (${c.dispute.disputed_at})${c.dispute.outcome ? `; ${c.dispute.outcome} ${c.dispute.resolved_at}: ${c.dispute.resolution_reason}` : '; awaiting an admin decision'}`,
    );
  doc.font('Courier').fontSize(7).text(`Content SHA-256 ${c.content_hash}`, { width: textWidth });
  const afterText = doc.y;

  const qr = c.receipt_link ? await qrOf(c.receipt_link) : null;
  const qrX = doc.page.margins.left + width - QR_SIZE;
  if (qr) {
    doc.image(qr, qrX, top, { width: QR_SIZE });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text('Receipt: scan to check at /verify', qrX, top + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
  } else
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(c.receipt_note ?? 'The receipt is too long for a QR code: see the JSON portfolio.', qrX, top, {
        width: QR_SIZE,
      });
  doc.x = doc.page.margins.left;
  doc.y = Math.max(afterText, qr ? top + QR_SIZE + 14 : afterText);

  const photos = c.evidence?.photos ?? [];
  if (photos.length) {
    if (doc.y > doc.page.height - MARGIN - THUMB - 20) doc.addPage();
    const y = doc.y + 4;
    let x = doc.page.margins.left;
    for (const ph of photos) {
      const bytes = await photo(ph.sha256);
      const thumb = bytes ? await thumbnailJpeg(bytes, 240) : null;
      if (thumb) doc.image(thumb, x, y, { fit: [THUMB, THUMB] });
      else
        doc
          .font('Helvetica')
          .fontSize(7)
          .text('Photo not available', x, y + THUMB / 2, { width: THUMB, align: 'center' });
      x += THUMB + 8;
    }
    doc.x = doc.page.margins.left;
    doc.y = y + THUMB + 6;
  }
  doc
    .moveTo(doc.page.margins.left, doc.y + 4)
    .lineTo(doc.page.margins.left + width, doc.y + 4)
    .strokeColor('#cccccc')
    .stroke()
    .strokeColor('black');
  doc.y += 12;
}
