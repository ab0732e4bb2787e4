import { z } from 'zod';

/**
 * Request fields several capabilities validate the same way, shared by the server and the web app
 * (moved from command-service/src/shared/fields.ts). Every text of a request starts from
 * `singleLineText` or `multiLineText`, which refuse characters that hide or disguise what was
 * typed (docs/rules.md#text-hygiene).
 */

export const NOT_ALLOWED_CHARACTERS = 'Contains characters that are not allowed';
export const UK_POSTCODE_MESSAGE = 'Please enter a valid UK postcode';
export const UK_PHONE_MESSAGE = 'Please enter a valid UK phone number';

/**
 * Characters no text may hold: C0 controls other than tab and line feed (a carriage return only
 * before a line feed), DEL and the C1 controls, the bidirectional overrides and isolates
 * (U+202A-202E, U+2066-2069), zero-width space, word joiner and invisible operators
 * (U+200B, U+2060-2064), the byte-order mark (U+FEFF), and any lone surrogate.
 */
const FORBIDDEN_ANYWHERE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\r(?!\n)|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** One-line fields also refuse tab, line breaks and the zero-width (non-)joiners. */
const FORBIDDEN_ONE_LINE = /[\t\n\r\u2028\u2029]|\u200C|\u200D/;

/** True when a multi-line text (a message, a ticket, a reason) holds nothing it may not. */
export const isCleanMultiLine = (v: string) => !FORBIDDEN_ANYWHERE.test(v);
/** True when a one-line text (a name, a postcode, a number) holds nothing it may not. */
export const isCleanSingleLine = (v: string) => isCleanMultiLine(v) && !FORBIDDEN_ONE_LINE.test(v);

/** A one-line text; `error` is the message when the value is missing or not text. */
export const singleLineText = (error?: string) =>
  z.string(error ? { error } : undefined).refine(isCleanSingleLine, NOT_ALLOWED_CHARACTERS);
/** A text that may span lines (tab and newline allowed). */
export const multiLineText = (error?: string) =>
  z.string(error ? { error } : undefined).refine(isCleanMultiLine, NOT_ALLOWED_CHARACTERS);

/** Optional free text of a request body: trimmed, at most `max` characters; missing or empty is null. */
export const optionalText = (max: number, opts: { multiLine?: boolean; error?: string } = {}) =>
  (opts.multiLine ? multiLineText(opts.error) : singleLineText(opts.error))
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const requiredText = (message: string, max = 100, opts: { multiLine?: boolean } = {}) =>
  (opts.multiLine ? multiLineText(message) : singleLineText(message))
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);

/**
 * A UK postcode in the common pattern of its format: an outward code (one or two letters, a digit,
 * then an optional letter or digit), a space or none, and an inward code (a digit and two letters);
 * GIR 0AA included. Answered upper case with one space before the inward code.
 */
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;
export const isUkPostcode = (v: string) => UK_POSTCODE.test(v.trim());
export const postcodeField = (message: string) =>
  requiredText(message, 20)
    .refine(isUkPostcode, UK_POSTCODE_MESSAGE)
    .transform((v) => {
      const compact = v.replace(/\s+/g, '').toUpperCase();
      return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
    });

export const emailField = (requiredMessage = 'Email is required') =>
  singleLineText(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email is too long')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

/** A real calendar date `YYYY-MM-DD` (never rolled over: 2026-02-30 and 2026-13-45 are not dates). */
export const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
/**
 * An ISO-8601 date-time whose date and time of day exist (seconds, a fraction of up to 9 digits and
 * an offset with or without its colon accepted): 2026-02-30T10:00:00Z and T24:00 are not.
 */
export const isRealDateTime = (v: string) => {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/.exec(v);
  if (!m || !isCalendarDate(m[1])) return false;
  const [hh, mm, ss, oh, om] = [m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  return hh <= 23 && mm <= 59 && ss <= 59 && oh <= 23 && om <= 59 && !Number.isNaN(Date.parse(v));
};
/** A strict ISO-8601 date and time (as `Date.toISOString` or with an offset), a real date and time of day. */
export const isIsoDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && isRealDateTime(v);

/** A filled-in postcode's message for a form (null when it is fine): the server's checks, word for word. */
export const postcodeProblem = (v: string): string | null =>
  !isCleanSingleLine(v) ? NOT_ALLOWED_CHARACTERS : isUkPostcode(v) ? null : UK_POSTCODE_MESSAGE;
