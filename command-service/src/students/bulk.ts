import express, { type RequestHandler } from 'express';
import {
  BULK_REGISTRATION_HEADER,
  BULK_REGISTRATION_MAX_ROWS,
  BULK_REGISTRATION_TEXTS as TEXTS,
  bulkRowField,
  studentRegistrationRequest,
} from '@panda/contracts/training';
import { badRequest, HttpError } from '@panda/platform/errors';
import type { z } from 'zod';
import { normaliseEmail } from '../accounts/service';

/** The largest CSV body taken (500 rows of generous length). */
export const BULK_MAX_BYTES = 1_048_576;

/**
 * Splits RFC 4180 CSV text into rows of fields: commas separate fields, CRLF or LF end rows, a quoted
 * field may hold commas, line breaks and doubled quotes. Rows with no text at all are dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  rows.push(row);
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** The raw CSV body: refused (400) unless sent as text/csv; 413 above BULK_MAX_BYTES. */
export const csvBody: RequestHandler = (req, res, next) => {
  const type = (req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/csv') return next(badRequest([{ field: 'file', message: TEXTS.type }]));
  express.raw({ type: () => true, limit: BULK_MAX_BYTES })(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large')
      return next(new HttpError(413, [{ field: 'file', message: TEXTS.tooMany }]));
    next(err);
  });
};

export interface BulkRow {
  /** The row's number in the file as a spreadsheet shows it: the header is row 1. */
  row: number;
  body: z.output<typeof studentRegistrationRequest>;
}

const fileError = (message: string) => badRequest([{ field: 'file', message }]);

/** A count cell: empty is the default, digits a number, anything else is left for the schema to refuse. */
const count = (cell: string) => (cell.trim() === '' ? undefined : /^\d+$/.test(cell.trim()) ? Number(cell) : cell);

/**
 * The file's rows, each checked against the registration schema (docs/rules.md#centre-caseload). The
 * file is refused before any row is read when its encoding, header or size is wrong; otherwise every
 * bad field of every row is listed as `rows.<row>.<column>`, and duplicates within the file too.
 */
export function readBulkFile(raw: unknown): { rows: BulkRow[]; errors: { field: string; message: string }[] } {
  if (!Buffer.isBuffer(raw) || raw.length === 0) throw fileError(TEXTS.empty);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw fileError(TEXTS.encoding);
  }
  const [header, ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header || header.map((h) => h.trim()).join(',') !== BULK_REGISTRATION_HEADER.join(','))
    throw fileError(TEXTS.header);
  if (lines.length === 0) throw fileError(TEXTS.empty);
  if (lines.length > BULK_REGISTRATION_MAX_ROWS) throw fileError(TEXTS.tooMany);
  const rows: BulkRow[] = [];
  const errors: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  lines.forEach((cells, i) => {
    const row = i + 2;
    const [First_Name, Last_Name, Email, Phone_Number, Postcode, ...counts] = cells;
    const parsed = studentRegistrationRequest.safeParse({
      First_Name,
      Last_Name,
      Email,
      Phone_Number,
      Postcode,
      Boiler_Installs: count(counts[0] ?? ''),
      Boiler_Service: count(counts[1] ?? ''),
      Pipework: count(counts[2] ?? ''),
      Repair: count(counts[3] ?? ''),
    });
    if (!parsed.success) {
      const fields = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? 'row');
        if (!fields.has(column)) errors.push({ field: bulkRowField(row, column), message: issue.message });
        fields.add(column);
      }
      return;
    }
    const email = normaliseEmail(parsed.data.Email);
    if (seen.has(email)) errors.push({ field: bulkRowField(row, 'Email'), message: TEXTS.duplicate });
    else rows.push({ row, body: parsed.data });
    seen.add(email);
  });
  return { rows, errors };
}
