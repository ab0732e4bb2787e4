/**
 * The words a signed job card's evidence is shown with (docs/rules.md#evidence), as plain values with
 * no schema, so a screen of the web app's first load (the student's signed job cards) can use them
 * without loading zod (docs/rules.md#light-first-screens). contracts/src/evidence.ts re-exports them.
 */

export const APPLIANCE_KINDS = [
  'boiler',
  'water_heater',
  'cooker',
  'gas_fire',
  'meter',
  'pipework',
  'lpg_appliance',
  'commercial_appliance',
] as const;
export type ApplianceKind = (typeof APPLIANCE_KINDS)[number];
export const APPLIANCE_LABELS: Record<ApplianceKind, string> = {
  boiler: 'Boiler',
  water_heater: 'Water heater',
  cooker: 'Cooker',
  gas_fire: 'Gas fire',
  meter: 'Meter',
  pipework: 'Pipework',
  lpg_appliance: 'LPG appliance',
  commercial_appliance: 'Commercial appliance',
};

export const DUPLICATE_PHOTO_LABEL = 'Possible duplicate photo';

export const PRE_EVIDENCE_LABEL = 'Signed before evidence was required';
