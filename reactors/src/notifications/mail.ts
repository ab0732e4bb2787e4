import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import type { Config } from '@panda/platform/config';
import type { Logger } from '@panda/platform/logger';
import type { Mail, Mailer } from '@panda/platform/mailer';
import { unseal } from '@panda/platform/sealed';
import type { Reactor } from '../shared/reactor';
import { loadAccountState } from '../shared/facts';
import { TEMPORARY_PASSWORD_DAYS } from '@panda/command-service/accounts/decider';

export const MAIL_REACTOR = 'mail';

type Data = Record<string, unknown>;

/**
 * Every e-mail Panda sends, made from events (docs/rules.md#mail-from-events): a registered student's temporary
 * password, a forgot-password temporary password, and the important notifications whose
 * recipients keep e-mail on. A temporary password travels in its event only sealed with the mail
 * key (platform/src/sealed.ts), bound to its account. Each mail carries the reaction key, so the
 * outbox writes it once and SMTP gets a stable Message-ID.
 */
export function mailReactor(store: EventStore, mailer: Mailer, config: Config, logger: Logger): Reactor {
  const open = (sealed: unknown, accountId: string) =>
    typeof sealed === 'string' ? unseal(config.mailKey, sealed, accountId) : null;
  /**
   * A mail carrying an account's new temporary password, sent to the account's address: null when
   * the account has none; the outbox drops it once the password has expired.
   */
  const temporaryPasswordMail = async (
    e: RecordedEvent,
    write: (
      state: Awaited<ReturnType<typeof loadAccountState>>,
      temporary: string,
      expiresAt: Date,
    ) => Pick<Mail, 'subject' | 'text'>,
  ): Promise<Omit<Mail, 'key'> | null> => {
    const d = e.data as Data & { accountId: string };
    const temporary = open(d.temporaryPasswordSealed, d.accountId);
    if (!temporary) return unreadable(e);
    const state = await loadAccountState(store, d.accountId);
    if (!state.email) return null;
    const expiresAt = temporaryExpiry(e);
    return { to: state.email, expiresAt, ...write(state, temporary, expiresAt) };
  };
  const compose: Record<string, (e: RecordedEvent) => Promise<Omit<Mail, 'key'> | null>> = {
    async StudentRegistered(e) {
      const d = e.data as Data & { accountId: string; centreId: string | null; firstName: string; email: string };
      const temporary = open(d.temporaryPasswordSealed, d.accountId);
      if (!temporary) return unreadable(e);
      const centreName = d.centreId ? (await loadAccountState(store, d.centreId)).centreName : null;
      const expiresAt = temporaryExpiry(e);
      return {
        to: d.email,
        subject: 'Welcome to Panda: your account is ready',
        // The mail holds the temporary password: the outbox drops it once the password has expired.
        expiresAt,
        text:
          `Hello ${d.firstName},\n\n` +
          `${centreName ? `${centreName} has registered you` : 'You have been registered'} on Panda, the placement platform for gas-engineering trainees.\n\n` +
          `Sign in at ${config.publicUrl}/auth with:\n  Email: ${d.email}\n  Temporary password: ${temporary}\n\n` +
          `You will be asked to choose your own password when you first sign in. The temporary password works until ${expiresAt.toUTCString()}.\n`,
      };
    },
    StudentInviteResent: (e) =>
      temporaryPasswordMail(e, (state, temporary, expiresAt) => ({
        subject: 'Your Panda invitation, sent again',
        text: `Hello ${state.firstName},\n\nYour training centre sent your Panda invitation again. Sign in at ${config.publicUrl}/auth with:\n  Email: ${state.email}\n  Temporary password: ${temporary}\n\nAny temporary password sent before no longer works. You will be asked to choose your own password when you first sign in. The temporary password works until ${expiresAt.toUTCString()}.\n`,
      })),
    PasswordReset: (e) =>
      temporaryPasswordMail(e, (state, temporary, expiresAt) => ({
        subject: 'Your Panda temporary password',
        text: `Hello ${state.firstName || state.centreName || ''},\n\nSomeone (hopefully you) asked to reset the password of your Panda account.\n\nTemporary password: ${temporary}\n\nSign in with it at ${config.publicUrl}/auth and choose a new password. Until you sign in with it, your current password keeps working and nobody is signed out; signing in with it ends your old password and signs you out everywhere else. The temporary password works until ${expiresAt.toUTCString()}.\nIf you did not ask for this, you can ignore this e-mail.\n`,
      })),
    async NotificationCreated(e) {
      const d = e.data as Data & { recipientId: string; email: boolean; title: string; message: string; link: string };
      if (!d.email) return null;
      const state = await loadAccountState(store, d.recipientId);
      if (!state.email || state.locked) return null;
      return {
        to: state.email,
        subject: `Panda: ${d.title}`,
        text: `Hello ${state.firstName || state.centreName || ''},\n\n${d.message}\n\nOpen it in Panda: ${config.publicUrl}${d.link}\n\nYou get e-mails for important notifications; you can turn them off in Profile Settings.\n`,
      };
    },
  };
  // When the mailed temporary password stops working (events before expiry existed: 7 days after the event).
  const temporaryExpiry = (e: RecordedEvent) => {
    const at = (e.data as Data).temporaryPasswordExpiresAt;
    return new Date(typeof at === 'string' ? at : Date.parse(e.time) + TEMPORARY_PASSWORD_DAYS * 86_400_000);
  };
  // An event written before sealing existed (or under another mail key) has nothing to mail.
  const unreadable = (e: RecordedEvent) => {
    logger.warn(
      { position: e.position, type: e.type },
      'mail reactor: no readable temporary password in the event; nothing sent',
    );
    return null;
  };
  return {
    name: MAIL_REACTOR,
    handles: Object.keys(compose),
    async react(event, key) {
      const mail = await compose[event.type](event);
      if (mail) await mailer.send({ ...mail, key });
    },
  };
}
