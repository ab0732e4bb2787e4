import { z } from 'zod';

/** Optional free text of a request body: trimmed, at most `max` characters; missing or empty is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
