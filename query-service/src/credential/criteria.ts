import type { ApplianceKind } from '@panda/contracts/evidence';
import type { JobType } from '@panda/contracts/job-types';

/** One qualification criterion (docs/rules.md#portable-credential): what evidences it and how many cards it needs. */
export interface Criterion {
  code: string;
  title: string;
  /** Any signed card evidences it. */
  anyCard: boolean;
  jobTypes: readonly JobType[];
  applianceKinds: readonly ApplianceKind[];
  required: number;
}

/** The default template: the ACS domestic set. */
export const ACS_DOMESTIC: readonly Criterion[] = [
  { code: 'CCN1', title: 'Core domestic gas safety', anyCard: true, jobTypes: [], applianceKinds: [], required: 10 },
  {
    code: 'CENWAT',
    title: 'Central heating boilers and water heaters',
    anyCard: false,
    jobTypes: ['Boiler Installs', 'Boiler Service'],
    applianceKinds: ['boiler', 'water_heater'],
    required: 10,
  },
  { code: 'CKR1', title: 'Cookers', anyCard: false, jobTypes: [], applianceKinds: ['cooker'], required: 3 },
  { code: 'HTR1', title: 'Gas fires', anyCard: false, jobTypes: [], applianceKinds: ['gas_fire'], required: 3 },
  { code: 'MET1', title: 'Meters', anyCard: false, jobTypes: [], applianceKinds: ['meter'], required: 2 },
];

/**
 * The criteria a student's credential is measured against: their centre's template. Centres keep the
 * default template until they edit their own; this is the one place the credential asks.
 */
export async function criteriaForCentre(_centreId: string | null): Promise<readonly Criterion[]> {
  return ACS_DOMESTIC;
}

/** A card evidences every criterion whose job types or appliance kinds include its own (either matches). */
export const evidences = (c: Criterion, card: { jobType: JobType | null; applianceKind: ApplianceKind | null }) =>
  c.anyCard ||
  (card.jobType !== null && c.jobTypes.includes(card.jobType)) ||
  (card.applianceKind !== null && c.applianceKinds.includes(card.applianceKind));
