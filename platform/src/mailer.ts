import nodemailer from 'nodemailer';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The mail holds a secret (a temporary password) that stops working then: the outbox file is deleted after it. */
  expiresAt?: Date;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox`, so a one-machine install still delivers mail somewhere a person can read.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const safe = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-${Math.random().toString(36).slice(2, 8)}.eml`), info.message as Buffer);
    },
  };
}
