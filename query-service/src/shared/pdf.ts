import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';

export const MARGIN = 50;

/**
 * An A4 document of Panda's (pdfkit, MARGIN on every side), its bytes once ended (`done`), and `label` writing a
 * line `k: v` with the label in bold, `width` wide (pdfkit's default width when not given).
 */
export function a4Pdf(title: string, subject: string, options: { bufferPages?: boolean } = {}) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    ...options,
    info: { Title: title, Author: 'Panda', Subject: subject },
  });
  const label = (k: string, v: string, width?: number) =>
    doc.font('Helvetica-Bold').text(`${k}: `, { continued: true, width }).font('Helvetica').text(v, { width });
  return { doc, done: buffer(doc), label };
}
