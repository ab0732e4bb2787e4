import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, newContext, signIn, startServer } from './support';

const out = '/tmp/shots4';
const server = await startServer({ SEED_DEMO: '1' });
const logins = JSON.parse(readFileSync(join(server.dataDir, 'demo-logins.json'), 'utf8')) as { role: string; email: string; password: string }[];
console.log(logins.map((l) => l.role).join(','));
const browser = await launchBrowser();
const views: Record<string, string[]> = {
  student: ['overview', 'jobs', 'chat', 'profile', 'support'],
  mentor: ['overview', 'jobs', 'chat', 'profile'],
  'training centre': ['overview', 'students', 'chat', 'profile'],
};
try {
  for (const width of [1366, 390]) {
    for (const l of logins) {
      const ctx = await newContext(browser, { width, height: width > 500 ? 850 : 844 });
      const page = await ctx.newPage();
      if (l.role.startsWith('admin')) {
        await page.goto(`${server.url}${server.portalPath}`);
        const form = page.getByRole('form', { name: 'Admin sign in' });
        await form.getByLabel('Email').fill(l.email);
        await form.locator('input[type="password"]').fill(l.password);
        await form.getByRole('button', { name: 'Sign In' }).click();
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 30000 });
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${out}/${width}-admin.png` });
        for (const tab of ['Disputes', 'Placements']) {
          const t = page.getByRole('tab', { name: new RegExp(tab) });
          if (await t.count()) { await t.first().click(); await page.waitForTimeout(1200); await page.screenshot({ path: `${out}/${width}-admin-${tab}.png` }); }
        }
      } else {
        try { await signIn(page, server.url, l.email, l.password); } catch (e) { console.log('signin failed', l.role, String(e)); await page.screenshot({ path: `${out}/${width}-${l.role}-signin-fail.png` }); await ctx.close(); continue; }
        for (const v of views[l.role] ?? ['overview']) {
          await page.goto(`${server.url}/dashboard?view=${v}`);
          await page.waitForTimeout(1800);
          await page.screenshot({ path: `${out}/${width}-${l.role}-${v}.png` });
        }
      }
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
