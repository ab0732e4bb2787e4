import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITERIA, criteriaProgress, evidences, type CriteriaCard, type Criterion } from './criteria-maths';

const card = (over: Partial<CriteriaCard> = {}): CriteriaCard => ({
  signature_id: 's1',
  job_id: 'j1',
  job_type: 'Repair',
  appliance_kind: null,
  date: '2026-01-02',
  revoked: false,
  ...over,
});
const byCode = (code: string) => DEFAULT_CRITERIA.find((c) => c.code === code)!;

describe('evidences (docs/rules.md#qualification-criteria)', () => {
  it('matches a card by its job type', () => {
    expect(evidences(byCode('CENWAT'), card({ job_type: 'Boiler Service' }))).toBe(true);
    expect(evidences(byCode('CENWAT'), card({ job_type: 'Repair' }))).toBe(false);
  });

  it('matches a card by its appliance kind, whatever its job type', () => {
    expect(evidences(byCode('CENWAT'), card({ job_type: 'Repair', appliance_kind: 'water_heater' }))).toBe(true);
    expect(evidences(byCode('CKR1'), card({ job_type: 'Repair', appliance_kind: 'cooker' }))).toBe(true);
    expect(evidences(byCode('CKR1'), card({ job_type: 'Repair', appliance_kind: 'gas_fire' }))).toBe(false);
  });

  it('a card without evidence matches by job type only', () => {
    for (const code of ['CKR1', 'HTR1', 'MET1']) expect(evidences(byCode(code), card())).toBe(false);
  });

  it('counts every card for core gas safety and none that is revoked', () => {
    for (const job_type of ['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair'] as const)
      expect(evidences(byCode('CCN1'), card({ job_type }))).toBe(true);
    for (const c of DEFAULT_CRITERIA)
      expect(evidences(c, card({ job_type: 'Boiler Installs', appliance_kind: 'boiler', revoked: true }))).toBe(false);
  });
});

describe('criteriaProgress', () => {
  it('gives each criterion its count and cards; one card can evidence several', () => {
    const cards = [
      card({ signature_id: 'b', job_type: 'Boiler Installs', appliance_kind: 'boiler', date: '2026-01-03' }),
      card({ signature_id: 'a', appliance_kind: 'cooker', date: '2026-01-01' }),
      card({ signature_id: 'r', job_type: 'Boiler Service', revoked: true }),
    ];
    const p = criteriaProgress(DEFAULT_CRITERIA, cards);
    expect(p.map((c) => [c.code, c.evidenced, c.met, c.cards.map((x) => x.signature_id)])).toEqual([
      ['CCN1', 2, false, ['a', 'b']],
      ['CENWAT', 1, false, ['b']],
      ['CKR1', 1, false, ['a']],
      ['HTR1', 0, false, []],
      ['MET1', 0, false, []],
    ]);
  });

  it('is met at the required count', () => {
    const template: Criterion[] = [
      { code: 'X', title: 'X', job_types: ['Pipework'], appliance_kinds: [], required: 2 },
    ];
    const one = [card({ job_type: 'Pipework' })];
    expect(criteriaProgress(template, one)[0].met).toBe(false);
    const three = [1, 2, 3].map((n) => card({ signature_id: `p${n}`, job_type: 'Pipework' }));
    expect(criteriaProgress(template, three)[0]).toMatchObject({ evidenced: 3, met: true });
  });
});
