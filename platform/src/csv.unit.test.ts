import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and a line per row, quoted as RFC 4180 says, each ended by CRLF', () => {
    const rows = [
      { name: 'Smith, Jo', note: 'said "hi"' },
      { name: 'Ann', note: null },
    ];
    const csv = toCsv(
      [
        ['name', (r) => r.name],
        ['note', (r) => r.note],
      ],
      rows,
    );
    expect(csv).toBe('name,note\r\n"Smith, Jo","said ""hi"""\r\nAnn,\r\n');
  });

  it('prefixes a cell a spreadsheet would run as a formula with an apostrophe', () => {
    expect(toCsv([['v', (r: string) => r]], ['=SUM(A1)', '-1', '@x', 'ok'])).toBe(
      "v\r\n'=SUM(A1)\r\n'-1\r\n'@x\r\nok\r\n",
    );
  });
});
