import nodemailer from 'nodemailer';
import { existsSync, mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const keyDigest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 24);

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox`, so a one-machine install still delivers mail somewhere a person can read.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  const messageId = (key: string | undefined) => (key ? { messageId: `<${keyDigest(key)}@panda.mail>` } : {});
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ key, ...mail }) {
        await transport.sendMail({ from: options.from, ...mail, ...messageId(key) });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ key, ...mail }) {
      const safe = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // A keyed mail has one file name: written once (temporary file, then an atomic rename).
      const name = key ? `${keyDigest(key)}-${safe}.eml` : `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = join(outbox, name);
      if (key && existsSync(file)) return;
      const info = await transport.sendMail({ from: options.from, ...mail, ...messageId(key) });
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
  };
}
