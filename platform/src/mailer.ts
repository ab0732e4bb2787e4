import nodemailer from 'nodemailer';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { ownerOnlyFolder } from './config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * Idempotency key (the mail reactor's `<reactor>:<event position>`): the outbox writes a mail
   * with a key once, whatever the retries; SMTP gets a Message-ID made from it, so a receiving
   * server can drop a resend.
   */
  key?: string;
  /** The mail holds a secret (a temporary password) that stops working then: the outbox file is deleted after it. */
  expiresAt?: Date;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const keyDigest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/** Header of outbox files whose secret expires (ISO time). */
const EXPIRES_HEADER = 'X-Panda-Expires';

const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox`, so a one-machine install still delivers mail somewhere a person can read.
 * The folder and its files are the owner's only (0700 / 0600): they may hold temporary passwords.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  const messageId = (key: string | undefined) => (key ? { messageId: `<${keyDigest(key)}@panda.mail>` } : {});
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ key, expiresAt: _e, ...mail }) {
        await transport.sendMail({ from: options.from, ...mail, ...messageId(key) });
      },
    };
  }
  const outbox = outboxFolder(options.dataDir);
  ownerOnlyFolder(outbox);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ key, expiresAt, ...mail }) {
      const safe = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // A keyed mail has one file name: written once (temporary file, then an atomic rename).
      const name = key
        ? `${keyDigest(key)}-${safe}.eml`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = join(outbox, name);
      if (key && existsSync(file)) return;
      const headers = expiresAt ? { [EXPIRES_HEADER]: expiresAt.toISOString() } : undefined;
      const info = await transport.sendMail({ from: options.from, ...mail, headers, ...messageId(key) });
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
  };
}

/**
 * When an .eml file's secret expires: its expiry header, or for a mail written before the header
 * existed that holds a temporary password, its write time plus `legacyTtlMs`; null = keep.
 */
async function expiryOf(file: string, legacyTtlMs: number): Promise<number | null> {
  const text = await readFile(file, 'utf8');
  const head = text.split('\n\n')[0];
  const m = new RegExp(`^${EXPIRES_HEADER}:\\s*(\\S+)`, 'im').exec(head);
  if (m) {
    const at = Date.parse(m[1]);
    return Number.isNaN(at) ? null : at;
  }
  return /Temporary password:/i.test(text) ? (await stat(file)).mtimeMs + legacyTtlMs : null;
}

/** Deletes outbox mails whose secret has expired by `now`; answers how many. */
export async function pruneOutbox(dataDir: string, now: Date, legacyTtlMs: number): Promise<number> {
  const outbox = outboxFolder(dataDir);
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((n) => n.endsWith('.eml'));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = join(outbox, name);
    try {
      const at = await expiryOf(file, legacyTtlMs);
      if (at !== null && at <= now.getTime()) {
        await unlink(file);
        removed++;
      }
    } catch {
      /* gone meanwhile, or unreadable: try again next time */
    }
  }
  return removed;
}
