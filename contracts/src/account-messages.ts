/**
 * What a user who cannot sign in is told: plain text with no schema, so the web app's first load can
 * recognise a lock without loading the accounts contract (docs/rules.md#locked-accounts).
 */
export const LOCK_CATEGORIES = ['compliance', 'security', 'conduct', 'billing', 'other'] as const;
export type LockCategory = (typeof LOCK_CATEGORIES)[number];
export const LOCK_CATEGORY_LABELS: Record<LockCategory, string> = {
  compliance: 'a compliance check (for example Gas Safe registration or vetting documents)',
  security: 'a security concern with the account',
  conduct: 'a conduct or safeguarding concern',
  billing: 'a billing or payment matter',
  other: 'an administrative reason',
};
/** The categories' short names, as the admin picks one. */
export const LOCK_CATEGORY_NAMES: Record<LockCategory, string> = {
  compliance: 'Compliance check',
  security: 'Security concern',
  conduct: 'Conduct or safeguarding',
  billing: 'Billing or payment',
  other: 'Administrative reason',
};
/** Where a user who cannot sign in reaches support (the same address as the terms' Contact section). */
export const SUPPORT_CONTACT = {
  email: 'support@panda-placements.co.uk',
  hours: 'Monday to Friday, 9:00 to 17:00',
} as const;
/** A revoked auditor's sign-in at the portal (403) and every call of a token the revocation ended (401). */
export const AUDITOR_REVOKED =
  'Your auditor access has been revoked. If you still need it, ask the Panda administrator who set up your account.';
/** Every locked-account message starts so: the web app recognises a lock by it. */
export const LOCKED_PREFIX = 'Your account has been locked';
/** The one message a locked user gets, at sign-in and when their session is ended by the lock. */
export const lockedMessage = (category: LockCategory | null | undefined) =>
  `${LOCKED_PREFIX} because of ${LOCK_CATEGORY_LABELS[category ?? 'other']}. ` +
  `To find out more or ask for it to be unlocked, e-mail ${SUPPORT_CONTACT.email} (${SUPPORT_CONTACT.hours}).`;
