import { beforeAll, describe, expect, it } from 'vitest';
import type { Portfolio } from '@panda/contracts/portfolio';
import { accessible, useApp } from './app';
import { downloaded, pdfText } from './downloads';
import { shot, toast } from './support';

/**
 * docs/rules.md#portfolio: on the demo data, the centre downloads a student's portfolio PDF from the
 * student's details and its text holds the card's work done; the student downloads their own JSON
 * from their Jobs view, every card with its receipt. At 1366 and 390 px, axe-core clean.
 */
const app = useApp({ demo: true });
let studentName: string;

beforeAll(async () => {
  const student = app.logins['student'];
  const { user } = await app.api<{ user: { First_Name: string; Last_Name: string } }>('POST', '/api/auth/signin', {
    Email: student.email,
    Password: student.password,
  });
  studentName = `${user.First_Name} ${user.Last_Name}`;
});

describe.each([
  { name: 'wide', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('portfolio downloads at $width px', (viewport) => {
  it("the centre downloads a student's portfolio PDF holding the cards' work done", async () => {
    const page = await app.signedIn('training centre', viewport);
    await page.goto(`${app.url}/dashboard?view=students`);
    await page
      .getByRole('button', { name: `View Details for ${studentName}` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Student Details' }).waitFor();
    const json = await downloaded(page, 'Portfolio (JSON)');
    const portfolio = JSON.parse(json.bytes.toString('utf8')) as Portfolio;
    const withWork = portfolio.cards.filter((c) => c.evidence);
    expect(withWork.length).toBeGreaterThan(0);

    const pdf = await downloaded(page, 'Portfolio (PDF)');
    await toast(page, 'Portfolio (PDF) downloaded').waitFor();
    expect(pdf.name).toMatch(/^portfolio-.+\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(pdf.bytes));
    expect(text).toContain(studentName);
    expect(text).toContain(withWork[0].evidence!.work_done);
    expect(text).toMatch(/Page 1 of \d+/);
    await accessible(page, `centre student details with portfolio (${viewport.width} px)`);
    await shot(page, `${viewport.name}-centre-portfolio`);
  });

  it('the student downloads their own portfolio JSON, each card with its receipt', async () => {
    const page = await app.signedIn('student', viewport);
    await page.goto(`${app.url}/dashboard?view=jobs`);
    await page.getByRole('button', { name: 'Portfolio (PDF)' }).waitFor();
    const json = await downloaded(page, 'Portfolio (JSON)');
    const portfolio = JSON.parse(json.bytes.toString('utf8')) as Portfolio;
    expect(portfolio.student.name).toBe(studentName);
    expect(portfolio.cards.length).toBeGreaterThan(0);
    // The demo ends with a checkpoint: every demo card has its receipt at once.
    expect(portfolio.cards.every((c) => c.receipt && c.receipt_link?.includes('/verify#receipt='))).toBe(true);
    await accessible(page, `student jobs with portfolio (${viewport.width} px)`);
    await shot(page, `${viewport.name}-student-portfolio`);
  });
});
