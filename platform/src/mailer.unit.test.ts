import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { seal, unseal } from './sealed';

describe('the outbox mailer', () => {
  it('writes a keyed mail once however often it is sent (a reactor retry after a crash)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-mailer-'));
    const mailer = createMailer({ smtpUrl: null, from: 'Panda <no-reply@panda.local>', dataDir });
    const mail = { to: 'amy@example.com', subject: 'Hello', text: 'Hi', key: 'mail:42' };
    await mailer.send(mail);
    await mailer.send(mail);
    await mailer.send({ ...mail, key: 'mail:43' });
    expect(readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });
});

describe('sealed temporary passwords', () => {
  it('open only with the same key and for the same account', () => {
    const sealed = seal('key-one', 'Tmp-Pass-123', 'account-1');
    expect(sealed).not.toContain('Tmp-Pass-123');
    expect(unseal('key-one', sealed, 'account-1')).toBe('Tmp-Pass-123');
    expect(unseal('key-two', sealed, 'account-1')).toBeNull();
    expect(unseal('key-one', sealed, 'account-2')).toBeNull();
    expect(unseal('key-one', 'garbage', 'account-1')).toBeNull();
  });
});
