import { z } from 'zod';

/** Request fields several capabilities validate the same way (moved from command-service/src/shared/fields.ts). */

/** Optional free text of a request body: trimmed, at most `max` characters; missing or empty is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
export const postcodeField = (message: string) => requiredText(message, 10).transform((v) => v.toUpperCase());
export const phoneField = (message: string) =>
  requiredText(message, 30).regex(/^\+?[\d\s()-]{6,}$/, 'Please enter a valid phone number');
export const emailField = (requiredMessage = 'Email is required') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email is too long')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

/** A real calendar date `YYYY-MM-DD`. */
export const isCalendarDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
/** A strict ISO-8601 date and time (as `Date.toISOString` or with an offset). */
export const isIsoDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v));
