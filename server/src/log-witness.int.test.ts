import { mkdtempSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '@panda/platform/mailer';
import { startTestApp, type TestApp } from './testing/harness';

/**
 * docs/rules.md#log-witness: once a UTC day has ended, each active auditor is mailed that day's last
 * signed checkpoint, once, whatever the restarts and crashes.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Sessions are checked against the machine's time: the test's days are today and the two after it.
const TODAY = Math.floor(Date.now() / 86_400_000);
const dayName = (n: number) => new Date((TODAY + n) * 86_400_000).toISOString().slice(0, 10);
const at = (n: number, hhmm: string) => new Date(`${dayName(n)}T${hhmm}:00Z`);

/** The signed note between the markers of a witness mail. */
const noteOf = (mail: Mail) => /----- checkpoint -----\n([\s\S]*?)----- end of checkpoint -----/.exec(mail.text)![1];

describe('witness mail of the log checkpoints', () => {
  it("mails each active auditor the day's last checkpoint once, across restarts and a crash", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panda-witness-'));
    let now = new Date();
    const clock = () => new Date(now);
    const mails: Mail[] = [];
    let failFor: string | null = null;
    const mailer: Mailer = {
      async send(m) {
        if (m.to === failFor) throw new Error('SMTP down');
        mails.push(m);
      },
    };
    const start = () => startTestApp({ dataDir, overrides: { clock, mailer } });
    let app: TestApp = await start();
    try {
      const admin = await app.adminToken();
      const provision = async (email: string) => {
        const r = await app.call(
          'POST',
          '/api/admin/auditors',
          { email, first_name: 'Ada', last_name: 'Auditor' },
          admin,
        );
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body.auditor.id as string;
      };
      await provision('ada@witness.test');
      await provision('bob@witness.test');
      const gone = await provision('gone@witness.test');
      expect((await app.call('POST', `/api/admin/auditors/${gone}/revoke`, undefined, admin)).status).toBe(200);
      // The auditors' read model has taken the revocation in (a GET waits for the last command's position).
      expect((await app.call('GET', '/api/admin/auditors', undefined, admin)).status).toBe(200);
      await app.platform.checkpointer!.tick();
      now = at(0, '23:50');
      await app.signUp('mentor', 'late@witness.test');
      const lastOfDay = (await app.platform.checkpointer!.tick())!;
      // Signed after the day ended: not that day's.
      now = at(1, '00:10');
      await app.signUp('mentor', 'next@witness.test');
      const nextDay = (await app.platform.checkpointer!.tick())!;
      expect(nextDay.tree_size).toBeGreaterThan(lastOfDay.tree_size);

      // The day the ticker was installed has not ended before this tick.
      expect(await app.platform.witness!.tick()).toBe(2);
      expect(mails.map((m) => m.to).sort()).toEqual(['ada@witness.test', 'bob@witness.test']);
      for (const m of mails) {
        expect(m.subject).toBe(`Panda log checkpoint for ${dayName(0)}`);
        expect(noteOf(m)).toBe(lastOfDay.note);
        expect(m.key).toMatch(new RegExp(`^log-witness:${dayName(0)}:`));
      }
      expect(await app.platform.witness!.tick()).toBe(0);

      // A restart (its own tick at start included) mails nothing again.
      await app.stop();
      now = at(1, '08:00');
      app = await start();
      expect(await app.platform.witness!.tick()).toBe(0);
      expect(mails).toHaveLength(2);

      // A crash half-way through the next day's mail: the mail handed over stays sent, the other one
      // follows after the restart, and nobody gets one twice.
      await app.stop();
      now = at(2, '00:30');
      failFor = 'bob@witness.test';
      app = await start();
      await expect(app.platform.witness!.tick()).rejects.toThrow('SMTP down');
      await app.stop();
      failFor = null;
      app = await start();
      await app.platform.witness!.tick();
      const day3 = mails.filter((m) => m.subject.endsWith(dayName(1)));
      expect(day3.map((m) => m.to).sort()).toEqual(['ada@witness.test', 'bob@witness.test']);
      expect(day3.map(noteOf)).toEqual([nextDay.note, nextDay.note]);
      expect(mails).toHaveLength(4);

      // What an auditor keeps is what verify-log reads.
      const vkey = await (await fetch(`${app.url}/api/audit/log-key`)).text();
      const file = join(dataDir, 'kept-checkpoints.txt');
      writeFileSync(
        file,
        mails
          .filter((m) => m.to === 'ada@witness.test')
          .map(noteOf)
          .join('\n'),
      );
      await app.stop();
      const verified = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/verify-log.ts', join(dataDir, 'events.db'), '--checkpoints', file, '--key', vkey],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(verified.stdout).toContain('extends all 2 saved checkpoints');
      expect(verified.status).toBe(0);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
