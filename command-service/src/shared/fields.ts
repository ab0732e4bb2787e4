import { z } from 'zod';

/** Optional free text of a request body: trimmed, at most `max` characters; missing or empty is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export { isCalendarDate, phoneField, postcodeField, requiredText } from '@panda/contracts/accounts';
/** A strict ISO-8601 date and time (as `Date.toISOString` or with an offset). */
export const isIsoDateTime = (v: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v));
