import type { PortfolioCriterion } from '@panda/contracts/portfolio';

/**
 * The criteria section of the portfolio (docs/rules.md#portfolio): the trainee's progress per criterion
 * of a template. `criteriaCoverage` is the one place the portfolio takes it from; it counts against the
 * default ACS domestic template of docs/rules.md#portfolio until the centre's own template is read here.
 */
export interface Criterion {
  code: string;
  title: string;
  /** Job types that evidence it; null: any card. */
  jobTypes: string[] | null;
  applianceKinds: string[];
  required: number;
}

export const DEFAULT_TEMPLATE_NAME = 'ACS domestic (default)';
export const DEFAULT_CRITERIA: Criterion[] = [
  { code: 'CCN1', title: 'Core gas safety', jobTypes: null, applianceKinds: [], required: 10 },
  {
    code: 'CENWAT',
    title: 'Boilers and water heaters',
    jobTypes: ['Boiler Installs', 'Boiler Service'],
    applianceKinds: ['boiler', 'water_heater'],
    required: 10,
  },
  { code: 'CKR1', title: 'Cookers', jobTypes: [], applianceKinds: ['cooker'], required: 3 },
  { code: 'HTR1', title: 'Gas fires', jobTypes: [], applianceKinds: ['gas_fire'], required: 3 },
  { code: 'MET1', title: 'Meters', jobTypes: [], applianceKinds: ['meter'], required: 2 },
];

export interface CoverageCard {
  signature_id: string;
  job_type: string;
  appliance_kind: string | null;
  revoked: boolean;
}

/** Each criterion with the cards that evidence it: a card counts for every criterion whose job types or appliance kinds hold its own; a revoked card for none. */
export function criteriaCoverage(
  cards: CoverageCard[],
  criteria: Criterion[] = DEFAULT_CRITERIA,
): PortfolioCriterion[] {
  return criteria.map((c) => {
    const ids = cards
      .filter(
        (card) =>
          !card.revoked &&
          (c.jobTypes === null ||
            c.jobTypes.includes(card.job_type) ||
            (card.appliance_kind !== null && c.applianceKinds.includes(card.appliance_kind))),
      )
      .map((card) => card.signature_id);
    return {
      code: c.code,
      title: c.title,
      evidenced: ids.length,
      required: c.required,
      met: ids.length >= c.required,
      signature_ids: ids,
    };
  });
}
