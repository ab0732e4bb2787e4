import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Admin portal. Every sign-in attempt at the hidden admin portal, successful or not, is kept on
 * the stream `admin-signins` (append-only, no decisions read it) with the source address; the
 * envelope carries the time.
 */
export const ADMIN_SIGNINS_STREAM = 'admin-signins';

export const adminSignInOutcomeSchema = z.enum(['succeeded', 'invalid_credentials', 'throttled', 'incomplete']);
export type AdminSignInOutcome = z.infer<typeof adminSignInOutcomeSchema>;

export const AdminSignInAttempted = defineEvent(
  'AdminSignInAttempted',
  z.object({
    /** The address typed in (lower-cased, at most 254 characters); never the password. */
    email: z.string(),
    /** The admin account the address belongs to, null when it is no admin's. */
    accountId: z.string().nullable(),
    outcome: adminSignInOutcomeSchema,
    /** Source address of the request as the server saw it (behind a loopback proxy: X-Forwarded-For). */
    sourceAddress: z.string(),
    userAgent: z.string().nullable(),
  }),
);

export const adminEvents = [AdminSignInAttempted] as const;
