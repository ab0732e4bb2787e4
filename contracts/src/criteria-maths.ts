/**
 * Qualification criteria (docs/rules.md#qualification-criteria) as plain values with no schema: the server's read
 * side and the web app share the default template and the matching maths, and a screen can use them
 * without loading zod. `./criteria` holds the request and answer schemas.
 */
import type { ApplianceKind } from './evidence';
import { JOB_TYPES, type JobType } from './job-types';

/** One criterion of a centre's template: a card evidences it when its job type or its appliance kind is listed. */
export interface Criterion {
  code: string;
  title: string;
  job_types: JobType[];
  appliance_kinds: ApplianceKind[];
  /** Cards needed to meet it. */
  required: number;
}

/** The ACS domestic set: a centre's template until it changes it. */
export const DEFAULT_CRITERIA: readonly Criterion[] = [
  // Every card has one of the job types, so every card evidences core gas safety.
  { code: 'CCN1', title: 'Core gas safety', job_types: [...JOB_TYPES], appliance_kinds: [], required: 10 },
  {
    code: 'CENWAT',
    title: 'Central heating boilers and water heaters',
    job_types: ['Boiler Installs', 'Boiler Service'],
    appliance_kinds: ['boiler', 'water_heater'],
    required: 10,
  },
  { code: 'CKR1', title: 'Cookers', job_types: [], appliance_kinds: ['cooker'], required: 3 },
  { code: 'HTR1', title: 'Gas fires', job_types: [], appliance_kinds: ['gas_fire'], required: 3 },
  { code: 'MET1', title: 'Gas meters', job_types: [], appliance_kinds: ['meter'], required: 2 },
];

/** A signed card as the matching needs it: its appliance is null on a card signed before evidence was required. */
export interface CriteriaCard {
  signature_id: string;
  job_id: string;
  job_type: JobType;
  appliance_kind: ApplianceKind | null;
  /** The day the work was done (the card's typed date). */
  date: string;
  revoked: boolean;
}

/**
 * Whether `card` evidences `criterion`: never when revoked; otherwise when the criterion lists the
 * card's job type or its appliance kind (either matches; a card without evidence has no appliance).
 */
export function evidences(criterion: Criterion, card: CriteriaCard): boolean {
  if (card.revoked) return false;
  if (criterion.job_types.includes(card.job_type)) return true;
  return card.appliance_kind !== null && criterion.appliance_kinds.includes(card.appliance_kind);
}

export interface CriterionProgress<C extends CriteriaCard = CriteriaCard> extends Criterion {
  /** Cards evidencing it, however many (may exceed `required`). */
  evidenced: number;
  met: boolean;
  /** The cards behind it, oldest work first. */
  cards: C[];
}

/** Each criterion of the template with the cards that evidence it; a card can evidence several. */
export function criteriaProgress<C extends CriteriaCard>(
  template: readonly Criterion[],
  cards: readonly C[],
): CriterionProgress<C>[] {
  const ordered = [...cards].sort(
    (a, b) => a.date.localeCompare(b.date) || a.signature_id.localeCompare(b.signature_id),
  );
  return template.map((criterion) => {
    const behind = ordered.filter((card) => evidences(criterion, card));
    return { ...criterion, evidenced: behind.length, met: behind.length >= criterion.required, cards: behind };
  });
}
