import { z } from 'zod';
import { defineEvent } from '../define';

/** Streams: `account-<accountId>` for every account; `email-<lower-cased email>` for the claim on an address. */
export const accountStream = (accountId: string) => `account-${accountId}`;
export const emailStream = (email: string) => `email-${email.trim().toLowerCase()}`;

export const roleSchema = z.enum(['student', 'mentor', 'training_centre', 'admin', 'auditor']);
export type AccountRole = z.infer<typeof roleSchema>;

const names = { firstName: z.string(), lastName: z.string() };

export const EmailClaimed = defineEvent('EmailClaimed', z.object({ email: z.string(), accountId: z.string() }));
export const EmailReleased = defineEvent('EmailReleased', z.object({ email: z.string(), accountId: z.string() }));

export const AccountSignedUp = defineEvent(
  'AccountSignedUp',
  z.object({
    accountId: z.string(),
    role: z.enum(['mentor', 'training_centre']),
    ...names,
    email: z.string(),
    centreName: z.string().nullable(),
    passwordHash: z.string(),
  }),
);

export const AdminProvisioned = defineEvent(
  'AdminProvisioned',
  z.object({ accountId: z.string(), ...names, email: z.string(), passwordHash: z.string() }),
);

/** An admin provisioned an auditor (docs/rules.md#auditors): read-only access to the Audit view; must replace the temporary password. */
export const AuditorProvisioned = defineEvent(
  'AuditorProvisioned',
  z.object({ accountId: z.string(), ...names, email: z.string(), temporaryPasswordHash: z.string() }),
);

export const jobRequirementsSchema = z.object({
  boilerInstalls: z.number().int().min(0),
  boilerService: z.number().int().min(0),
  pipework: z.number().int().min(0),
  repair: z.number().int().min(0),
});
export type JobRequirements = z.infer<typeof jobRequirementsSchema>;

/** A training centre (or, with centreId null, an admin for an independent student) registered a student. */
export const StudentRegistered = defineEvent(
  'StudentRegistered',
  z.object({
    accountId: z.string(),
    centreId: z.string().nullable(),
    ...names,
    email: z.string(),
    phone: z.string().nullable(),
    postcode: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    requirements: jobRequirementsSchema,
    temporaryPasswordHash: z.string(),
    /** The temporary password sealed for the mail reactor only (platform/src/sealed.ts); never plain. */
    temporaryPasswordSealed: z.string().optional(),
    /** When the temporary password stops working (absent on events recorded before expiry existed: 7 days after the event). */
    temporaryPasswordExpiresAt: z.string().optional(),
  }),
);

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  z.object({ accountId: z.string(), passwordHash: z.string() }),
);

/** Forgot password: a temporary password was mailed; the account must choose a new one after signing in. */
export const PasswordReset = defineEvent(
  'PasswordReset',
  z.object({
    accountId: z.string(),
    temporaryPasswordHash: z.string(),
    /** The temporary password sealed for the mail reactor only (platform/src/sealed.ts); never plain. */
    temporaryPasswordSealed: z.string().optional(),
    temporaryPasswordExpiresAt: z.string().optional(),
  }),
);

/**
 * Someone signed in with their forgot-password temporary password: it becomes the account's password
 * (the old one ends) until they choose their own, which they must do before anything else.
 */
export const TemporaryPasswordUsed = defineEvent('TemporaryPasswordUsed', z.object({ accountId: z.string() }));

/** An admin re-issued an auditor's temporary password: it replaces whatever password the auditor had. */
export const AuditorPasswordReissued = defineEvent(
  'AuditorPasswordReissued',
  z.object({ accountId: z.string(), temporaryPasswordHash: z.string(), temporaryPasswordExpiresAt: z.string() }),
);

/**
 * A centre re-sent a student's invitation (docs/rules.md#centre-caseload): a new temporary password
 * replaces the old one, which ends; mailed to the student like the first.
 */
export const StudentInviteResent = defineEvent(
  'StudentInviteResent',
  z.object({
    accountId: z.string(),
    temporaryPasswordHash: z.string(),
    /** The temporary password sealed for the mail reactor only (platform/src/sealed.ts); never plain. */
    temporaryPasswordSealed: z.string(),
    temporaryPasswordExpiresAt: z.string(),
  }),
);

/** An admin revoked an auditor: no sign-in or token of theirs counts again; what they read stays on record. */
export const AuditorRevoked = defineEvent('AuditorRevoked', z.object({ accountId: z.string() }));

/**
 * Every token issued before ends (password changed or reset, account locked): tokens carry the
 * account's token version at signing and count only while it is still the current one.
 */
export const SessionsRevoked = defineEvent(
  'SessionsRevoked',
  z.object({
    accountId: z.string(),
    tokenVersion: z.number().int().min(1),
    reason: z.enum(['password_changed', 'password_reset', 'locked', 'temporary_password_used', 'auditor_revoked']),
  }),
);

/** Sign out: the token with this id ends; `expiresAt` (ISO) is when it would have expired anyway. */
export const SessionEnded = defineEvent(
  'SessionEnded',
  z.object({ accountId: z.string(), tokenId: z.string(), expiresAt: z.string() }),
);

export const AccountLocked = defineEvent(
  'AccountLocked',
  z.object({
    accountId: z.string(),
    reason: z.string().nullable(),
    /** What the holder is told (absent on locks recorded before categories: 'other'). */
    category: z.enum(['compliance', 'security', 'conduct', 'billing', 'other']).optional(),
  }),
);
export const AccountUnlocked = defineEvent(
  'AccountUnlocked',
  z.object({ accountId: z.string(), reason: z.string().nullable() }),
);
export const AccountVetted = defineEvent(
  'AccountVetted',
  z.object({ accountId: z.string(), reason: z.string().nullable() }),
);
export const AccountUnvetted = defineEvent(
  'AccountUnvetted',
  z.object({ accountId: z.string(), reason: z.string().nullable() }),
);

export const accountEvents = [
  EmailClaimed,
  EmailReleased,
  AccountSignedUp,
  AdminProvisioned,
  AuditorProvisioned,
  StudentRegistered,
  PasswordChanged,
  PasswordReset,
  SessionsRevoked,
  SessionEnded,
  TemporaryPasswordUsed,
  AuditorPasswordReissued,
  StudentInviteResent,
  AuditorRevoked,
  AccountLocked,
  AccountUnlocked,
  AccountVetted,
  AccountUnvetted,
] as const;
