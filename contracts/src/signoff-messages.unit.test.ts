import { describe, expect, it } from 'vitest';
import { lateSendText, sentLate } from './signoff-messages';

describe('a sign-off sent late (docs/rules.md#outbox)', () => {
  const captured = '2026-12-01T10:00:00.000Z';
  it('is late only when received more than 24 hours after the device captured it', () => {
    expect(sentLate(captured, '2026-12-02T10:00:00.000Z')).toBe(false);
    expect(sentLate(captured, '2026-12-02T10:00:01.000Z')).toBe(true);
    expect(sentLate(null, '2026-12-09T10:00:00.000Z')).toBe(false);
    expect(sentLate('not a date', '2026-12-09T10:00:00.000Z')).toBe(false);
  });
  it('says both times', () => {
    expect(lateSendText('1 Dec 2026, 10:00', '3 Dec 2026, 09:00')).toBe(
      'Sent more than 24 hours after it was made: captured on the device 1 Dec 2026, 10:00, received by Panda 3 Dec 2026, 09:00',
    );
  });
});
