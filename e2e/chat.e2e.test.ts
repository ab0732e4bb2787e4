import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './app';
import { axeFindings, shot, signIn, toast } from './support';
import { EVIDENCE_BODY } from './evidence';

/**
 * Chat in two real browsers, on the seeded demo (the student Liam Turner,
 * placed with the mentor Dave Clarke, registered by Northern Gas Training Centre):
 * the mentor and the student chat live (typing indicator, an image, read receipts); the student's
 * bell counts a card the mentor signs; the centre sends an announcement the student reads, and a
 * message from the student's page; then the student's socket is cut and the 2-second HTTP polling
 * keeps messages flowing both ways until it is back. axe-core over the Messages view and its
 * dialogs at 1366 and 390 px.
 */

const app = useApp({ demo: true });
const findings: string[] = [];

/**
 * Lets the test cut this page's push socket as a network failure would: the open socket is closed
 * with an abnormal code and every reconnect attempt goes to a path that is not a WebSocket (same
 * origin, so the CSP is not involved) until the socket is restored.
 */
const CUTTABLE_SOCKET = `(() => {
  const Native = window.WebSocket;
  const sockets = new Set();
  let cut = false;
  class CuttableWebSocket extends Native {
    constructor(url, protocols) {
      super(cut && String(url).includes('/ws/') ? String(url).replace('/ws/', '/not-a-socket/') : url, protocols);
      sockets.add(this);
    }
  }
  window.WebSocket = CuttableWebSocket;
  window.__cutSocket = () => {
    cut = true;
    for (const s of sockets) if (s.readyState <= 1) s.close(4000, 'cut by the test');
  };
  window.__restoreSocket = () => {
    cut = false;
  };
})();`;

async function personPage(width = 1366, height = 900): Promise<Page> {
  const c = await app.context({ width, height });
  await c.addInitScript({ content: CUTTABLE_SOCKET });
  return c.newPage();
}

async function axe(page: Page, where: string, include?: string) {
  findings.push(...(await axeFindings(page, where, include)));
}

const conversation = (page: Page) => page.getByTestId('conversation');
const composer = (page: Page) => conversation(page).getByRole('textbox', { name: /^Message to / });
const bubbles = (page: Page) => conversation(page).getByTestId('chat-message');
const banner = (page: Page) => page.getByTestId('connection-banner');
const badge = (page: Page) => async () => {
  const el = page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
  return (await el.getAttribute('class'))?.includes('MuiBadge-invisible')
    ? ''
    : ((await el.textContent()) ?? '').trim();
};

async function openChat(page: Page) {
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: /^Messages/ })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
}

describe('chat between two browsers', () => {
  let mentor: Page;
  let student: Page;

  it('a student opens Messages straight into their first contact; the mentor picks the student', async () => {
    [mentor, student] = await Promise.all([personPage(), personPage()]);
    await signIn(student, app.url, 'student@panda.demo', app.loginsByEmail['student@panda.demo'].password);
    await signIn(mentor, app.url, 'mentor@panda.demo', app.loginsByEmail['mentor@panda.demo'].password);

    await openChat(student);
    // Auto-opened into the first contact: the conversation is there without a click.
    await student.waitForURL(/view=chat&id=/);
    await conversation(student).getByRole('heading', { name: 'Dave Clarke' }).waitFor();
    await conversation(student).getByText('No messages yet.').waitFor();
    const contacts = student.getByRole('list', { name: 'Contacts' }).getByTestId('chat-contact');
    expect(await contacts.allTextContents()).toEqual([
      expect.stringContaining('Dave Clarke'),
      expect.stringContaining('Northern Gas Training Centre'),
    ]);

    await openChat(mentor);
    expect(mentor.url()).not.toMatch(/id=/);
    await mentor.getByText('Choose a contact to start chatting.').waitFor();
    const liam = mentor.getByTestId('chat-contact').filter({ hasText: 'Liam Turner' });
    await expect.poll(() => liam.getByTestId('presence-dot').getAttribute('data-online')).toBe('true');
    await liam.click();
    await conversation(mentor).getByRole('heading', { name: 'Liam Turner' }).waitFor();
    await conversation(mentor).getByText('Student · Online').waitFor();
    expect(await mentor.getByTestId('connection-icon').getAttribute('data-status')).toBe('connected');
    await expect.poll(() => banner(mentor).count()).toBe(0);
  });

  it('typing shows on the other side, Enter sends, the message arrives live and is read', async () => {
    await composer(mentor).click();
    await composer(mentor).pressSequentially('Morning Liam, ');
    await conversation(student).getByTestId('typing-indicator').waitFor();
    await composer(mentor).pressSequentially('meet at the Didsbury job at 8?');
    await composer(mentor).press('Enter');
    expect(await composer(mentor).inputValue()).toBe('');
    // The typing indicator stops once the message lands (and by itself 2 s after the last key).
    await bubbles(student).filter({ hasText: 'Morning Liam, meet at the Didsbury job at 8?' }).waitFor();
    await conversation(student).getByTestId('typing-indicator').waitFor({ state: 'detached' });
    const sent = bubbles(mentor).filter({ hasText: 'Morning Liam' });
    // 24-hour HH:MM time, and the read receipt once the student has it on screen.
    expect(await sent.textContent()).toMatch(/(^|\D)([01]\d|2[0-3]):[0-5]\d(\D|$)/);
    await sent.getByText('Read').waitFor();

    await composer(student).fill('Yes, see you there');
    await composer(student).press('Enter');
    await bubbles(mentor).filter({ hasText: 'Yes, see you there' }).waitFor();
    await bubbles(student).filter({ hasText: 'Yes, see you there' }).getByText('Read').waitFor();
  });

  it('an image: wrong type refused, then previewed compressed to 800 px wide and shown to the mentor', async () => {
    await student
      .getByTestId('chat-image-input-select-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await toast(student, 'Please select a valid image file (JPEG, PNG, or WEBP)').waitFor();

    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await student
      .getByTestId('chat-image-input-select-file')
      .setInputFiles({ name: 'flue-reading.png', mimeType: 'image/png', buffer: png });
    const preview = student.getByRole('dialog', { name: 'Send Image' });
    await preview.waitFor();
    await preview.getByText('flue-reading.png').waitFor();
    await preview.getByText('800 × 600 px').waitFor();
    await preview.getByText('Original size').waitFor();
    await preview.getByText('Compressed size').waitFor();
    await axe(student, 'image preview dialog (1366 px)', '[role="dialog"]');
    await shot(student, 'chat-image-preview-1366');
    await preview.getByRole('button', { name: 'Send Image' }).click();
    await preview.waitFor({ state: 'detached' });

    const image = bubbles(mentor).getByRole('img', { name: 'Image: flue-reading.jpg' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(800);
    await bubbles(student).getByRole('img', { name: 'Image: flue-reading.jpg' }).waitFor();
    await axe(mentor, 'Messages view with a conversation (1366 px)');
    await shot(mentor, 'chat-mentor-1366');
    await shot(student, 'chat-student-1366');
  });

  it('the student’s bell counts a card the mentor signs, live', async () => {
    const liam = await app.api<{ token: string }>('POST', '/api/auth/signin', {
      Email: 'student@panda.demo',
      Password: app.loginsByEmail['student@panda.demo'].password,
    });
    await app.api('PATCH', '/api/notifications/mark-all-read', undefined, liam.token);
    await expect.poll(badge(student), { timeout: 15_000 }).toBe('');
    const dave = await app.api<{ token: string }>('POST', '/api/auth/signin', {
      Email: 'mentor@panda.demo',
      Password: app.loginsByEmail['mentor@panda.demo'].password,
    });
    const jobs = await app.api<{ id: string; Completed_Count: number; Total_Count: number }[]>(
      'GET',
      '/api/jobs',
      undefined,
      dave.token,
    );
    const open = jobs.find((j) => j.Completed_Count < j.Total_Count);
    if (!open) throw new Error('the demo has no open job card to sign');
    const now = new Date().toISOString();
    await app.api(
      'PUT',
      `/api/jobs/${open.id}/complete`,
      {
        mentor_signature: {
          signature: 'D. Clarke',
          mentorName: 'Dave Clarke',
          date: now.slice(0, 10),
          time: now.slice(11, 16),
          timestamp: now,
        },
        completed_at: now,
        ...EVIDENCE_BODY,
      },
      dave.token,
    );
    await expect.poll(badge(student), { timeout: 15_000 }).toBe('1');
    await student.getByTestId('notifications-bell').click();
    const inbox = student.getByRole('dialog', { name: 'Notifications' });
    await inbox.getByText('Job card signed', { exact: true }).first().waitFor();
    await inbox.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(badge(student)).toBe('');
    await inbox.getByRole('button', { name: 'Close notifications' }).click();
  });

  it('the centre sends an announcement and a message from the student’s page; the student reads both', async () => {
    const centre = await personPage();
    await signIn(centre, app.url, 'centre@panda.demo', app.loginsByEmail['centre@panda.demo'].password);
    await centre.getByRole('button', { name: 'Create Announcement' }).click();
    const form = centre.getByRole('dialog', { name: 'Create Announcement' });
    await form.getByRole('checkbox', { name: /Liam Turner/ }).check();
    await form.getByLabel('Title').fill('Assessment day moved');
    await form.getByLabel('Message').fill('The Gas Safe assessment is now on Thursday at 9:00.');
    await form.getByRole('button', { name: 'Send Announcement' }).click();
    await toast(centre, 'Announcement sent to 1 student(s)!').waitFor();
    await expect.poll(badge(student), { timeout: 15_000 }).toBe('1');
    await student.getByTestId('notifications-bell').click();
    const inbox = student.getByRole('dialog', { name: 'Notifications' });
    await inbox.getByRole('tab', { name: 'Announcements' }).click();
    await inbox.getByRole('button', { name: 'Mark "Assessment day moved" as read' }).click();
    await expect.poll(badge(student)).toBe('');
    await inbox.getByRole('button', { name: 'Close notifications' }).click();

    // Student detail: Recent Messages and the Send Message dialog.
    await centre.goto(`${app.url}/dashboard?view=students`);
    await centre.getByRole('button', { name: 'View Details for Liam Turner' }).click();
    const recent = centre.getByRole('region', { name: 'Recent Messages' });
    await recent.getByText('No messages yet.').waitFor();
    await recent.getByRole('button', { name: 'Send Message' }).click();
    const dialog = centre.getByRole('dialog', { name: 'Send Message' });
    await dialog.getByLabel('Message').fill('Please bring your signed cards on Thursday.');
    await axe(centre, 'Send Message dialog (1366 px)', '[role="dialog"]');
    // A failure says so and keeps the dialog with its text.
    await centre.route('**/api/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal error"}' })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(centre, 'Failed to send message').waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Please bring your signed cards on Thursday.');
    await centre.unroute('**/api/messages');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await toast(centre, 'Message sent successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await recent.getByText('Please bring your signed cards on Thursday.').waitFor();
    await axe(centre, 'Student Details with Recent Messages (1366 px)');

    // The student sees the unread count on the centre's entry and in the sidebar, then reads it.
    const centreEntry = student.getByTestId('chat-contact').filter({ hasText: 'Northern Gas Training Centre' });
    await centreEntry.getByTestId('contact-unread').filter({ hasText: '1 unread' }).waitFor();
    await student.getByTestId('messages-unread-total').filter({ hasText: '1' }).waitFor();
    await centreEntry.click();
    await bubbles(student).filter({ hasText: 'Please bring your signed cards on Thursday.' }).waitFor();
    await student.getByTestId('messages-unread-total').waitFor({ state: 'detached' });
    await student.getByTestId('chat-contact').filter({ hasText: 'Dave Clarke' }).click();
    await conversation(student).getByRole('heading', { name: 'Dave Clarke' }).waitFor();
  });

  it('with the student’s socket cut, 2-second polling keeps messages flowing both ways until it is back', async () => {
    await student.evaluate(() => (globalThis as unknown as { __cutSocket: () => void }).__cutSocket());
    await banner(student)
      .filter({
        hasText:
          /^(Reconnecting\.\.\.|Connection error\. Messages may be delayed\.|Disconnected\. Trying to reconnect\.\.\.)$/,
      })
      .waitFor();
    expect(await student.getByTestId('connection-icon').getAttribute('data-status')).not.toBe('connected');
    await axe(student, 'Messages view while reconnecting (1366 px)');
    await shot(student, 'chat-reconnecting-1366');

    // The mentor is still connected; the student gets the message by polling.
    await composer(mentor).fill('Running 10 minutes late');
    await composer(mentor).press('Enter');
    await bubbles(student).filter({ hasText: 'Running 10 minutes late' }).waitFor({ timeout: 10_000 });
    // The student's composer stays usable: the reply goes over HTTP and reaches the mentor live.
    expect(await composer(student).isEnabled()).toBe(true);
    await composer(student).fill('No problem, I will wait at the van');
    await composer(student).press('Enter');
    await bubbles(mentor).filter({ hasText: 'No problem, I will wait at the van' }).waitFor();
    await bubbles(student).filter({ hasText: 'No problem, I will wait at the van' }).waitFor();
    // Read receipts still travel: the student (polling) marked the mentor's message read.
    await bubbles(mentor).filter({ hasText: 'Running 10 minutes late' }).getByText('Read').waitFor();

    await student.evaluate(() => (globalThis as unknown as { __restoreSocket: () => void }).__restoreSocket());
    await banner(student).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await student.getByTestId('connection-icon').getAttribute('data-status')).toBe('connected');
    await composer(mentor).fill('Back online?');
    await composer(mentor).press('Enter');
    await bubbles(student).filter({ hasText: 'Back online?' }).waitFor();
  });

  it('the landing page’s chat promise leads to Messages, through sign-in (no dead end)', async () => {
    const visitor = await personPage();
    await visitor.goto(app.url);
    await visitor.getByRole('link', { name: 'Chat with your mentor and training centre in real time' }).click();
    const form = visitor.getByRole('form', { name: 'Sign in' });
    await form.waitFor();
    await form.getByLabel('Email').fill('student@panda.demo');
    await form.locator('input[name="Password"]').fill(app.loginsByEmail['student@panda.demo'].password);
    await form.getByRole('button', { name: /sign in/i }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await conversation(visitor).getByRole('heading', { name: 'Dave Clarke' }).waitFor();
    await visitor.goto(app.url);
    expect(
      await visitor.getByRole('link', { name: 'Raise support tickets whenever you need help' }).getAttribute('href'),
    ).toBe('/dashboard?view=support');
  });

  it('the Messages view on a phone (390 px): the conversation with a way back to the contacts', async () => {
    const phone = await personPage(390, 844);
    await signIn(phone, app.url, 'student@panda.demo', app.loginsByEmail['student@panda.demo'].password);
    // A conversation that cannot be loaded says so with Retry; an image that cannot be loaded says so.
    await phone.route('**/api/messages?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Internal error"}' }),
    );
    await phone.route('**/api/chat-images/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found"}' }),
    );
    await phone.goto(`${app.url}/dashboard?view=chat`);
    await conversation(phone).getByText('Failed to load messages').waitFor();
    await phone.unroute('**/api/messages?*');
    await conversation(phone).getByRole('button', { name: 'Retry' }).click();
    await bubbles(phone).filter({ hasText: 'Back online?' }).waitFor();
    await bubbles(phone).getByText('Image failed to load').waitFor();
    await phone.unroute('**/api/chat-images/**');
    await phone.reload();
    await conversation(phone).getByRole('heading', { name: 'Dave Clarke' }).waitFor();
    await bubbles(phone).getByRole('img', { name: 'Image: flue-reading.jpg' }).waitFor();
    await bubbles(phone).filter({ hasText: 'Back online?' }).waitFor();
    await conversation(phone).getByRole('button', { name: 'Gallery' }).waitFor();
    await conversation(phone).getByRole('button', { name: 'Camera' }).waitFor();
    expect(await phone.getByTestId('chat-image-input-camera').getAttribute('capture')).toBe('environment');
    // Photographed before axe-core runs: its checks scroll the message log.
    await shot(phone, 'chat-conversation-390');
    await axe(phone, 'Messages conversation (390 px)');
    await conversation(phone).getByRole('button', { name: 'Back to contacts' }).click();
    await phone.getByRole('list', { name: 'Contacts' }).waitFor();
    await axe(phone, 'Messages contacts (390 px)');
    await shot(phone, 'chat-contacts-390');

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    await phone.getByTestId('chat-contact').filter({ hasText: 'Dave Clarke' }).click();
    await phone
      .getByTestId('chat-image-input-gallery')
      .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: png });
    const preview = phone.getByRole('dialog', { name: 'Send Image' });
    await preview.getByText('400 × 300 px').waitFor();
    await axe(phone, 'image preview dialog (390 px)', '[role="dialog"]');
    await shot(phone, 'chat-image-preview-390');
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await preview.waitFor({ state: 'detached' });

    const centre = await personPage(390, 844);
    await signIn(centre, app.url, 'centre@panda.demo', app.loginsByEmail['centre@panda.demo'].password);
    await centre.goto(`${app.url}/dashboard?view=students`);
    await centre.getByRole('button', { name: 'View Details for Liam Turner' }).click();
    await centre.getByRole('region', { name: 'Recent Messages' }).getByRole('button', { name: 'Send Message' }).click();
    await centre.getByRole('dialog', { name: 'Send Message' }).waitFor();
    await axe(centre, 'Send Message dialog (390 px)', '[role="dialog"]');
    await shot(centre, 'chat-send-message-390');
    expect(findings.join('\n')).toBe('');
  });
});
