import { describe, expect, it } from 'vitest';
import { BULK_REGISTRATION_HEADER } from '@panda/contracts/training';
import { contractHttp } from '../../../testing/contract-http';
import { testUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { renderWithProviders, screen, within } from '../../../testing/test-utils';
import { BulkRegisterDialog } from './bulk-register-dialog';

const session = { token: 'centre-token', user: testUser('training_centre') };
const file = () =>
  new File(
    [`${BULK_REGISTRATION_HEADER.join(',')}\r\nAda,Pond,ada@example.test,07700900123,M1 1AA,5,2,,1\r\n`],
    'cohort.csv',
    {
      type: 'text/csv',
    },
  );

type Tools = Parameters<Parameters<typeof contractHttp>[2]>[0];

async function uploadWith(answer: (tools: Tools) => Response) {
  const sent: { type: string | null; text: string }[] = [];
  server.use(
    contractHttp('POST', '/api/register-students', async (tools) => {
      sent.push({ type: tools.request.headers.get('content-type'), text: await tools.request.text() });
      return answer(tools);
    }),
  );
  const view = renderWithProviders(<BulkRegisterDialog open onClose={() => {}} />, { session });
  await view.user.upload(screen.getByLabelText('CSV file'), file());
  expect(screen.getByText('cohort.csv')).toBeTruthy();
  await view.user.click(screen.getByRole('button', { name: 'Upload and Register' }));
  return { sent, ...view };
}

describe('BulkRegisterDialog (docs/rules.md#centre-caseload)', () => {
  it('sends the file as text/csv and lists each new student with the temporary password', async () => {
    const { sent } = await uploadWith(({ ok }) =>
      ok(201, {
        position: 7,
        message: '1 student registered',
        registered: [
          {
            row: 2,
            id: 'stu-ada',
            First_Name: 'Ada',
            Last_Name: 'Pond',
            Email: 'ada@example.test',
            temporary_password: 'Tmp123456789',
          },
        ],
        already_registered: [{ row: 3, id: 'stu-bo', First_Name: 'Bo', Last_Name: 'Pond', Email: 'bo@example.test' }],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Registered students' });
    expect(within(list).getByText('Ada Pond (ada@example.test)')).toBeTruthy();
    expect(within(list).getByText('Temporary password: Tmp123456789')).toBeTruthy();
    expect(screen.getByText('Already registered before: row 3 (bo@example.test)')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.type).toBe('text/csv');
    expect(sent[0]!.text).toContain('Ada,Pond,ada@example.test');
  });

  it("lists every bad row's problems when the server registers nobody", async () => {
    await uploadWith(({ fail }) =>
      fail(400, {
        detail: [
          { field: 'rows.3.First_Name', message: 'First name is required' },
          { field: 'rows.3.Email', message: 'Please enter a valid email address' },
          { field: 'rows.5.Email', message: 'This email appears more than once in the file' },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nobody was registered.');
    const rows = within(alert).getByRole('list', { name: 'Rows to correct' });
    const items = within(rows)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Row 3First Name: First name is requiredEmail: Please enter a valid email address',
      'Row 5Email: This email appears more than once in the file',
    ]);
    // The file stays chosen, to send again once corrected.
    expect(screen.getByRole('button', { name: 'Upload and Register' })).toBeTruthy();
  });

  it('shows a refusal of the whole file (its header) on its own', async () => {
    await uploadWith(({ fail }) =>
      fail(400, { detail: [{ field: 'file', message: 'The first row must be exactly: First_Name,...' }] }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The first row must be exactly: First_Name,...');
  });
});
