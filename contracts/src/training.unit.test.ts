import { describe, expect, it } from 'vitest';
import {
  JOB_TYPES,
  REQUIREMENT_FIELDS,
  REQUIREMENT_KEY,
  REQUIREMENT_KEYS,
  isComplete,
  jobRemaining,
  jobTypeName,
  percentOf,
  perJobType,
  requirementName,
} from './training';

describe('progress maths (spec section 9), the same on server and client', () => {
  it('is completed over total, rounded', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 10)).toBe(50);
  });

  it('is capped at 100 and never negative', () => {
    expect(percentOf(12, 10)).toBe(100);
    expect(percentOf(-1, 10)).toBe(0);
  });

  it('says 0 of 0 is 0%, and so is anything over nothing required', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(3, 0)).toBe(0);
  });

  it('calls a job complete when completed reaches total, and counts what remains', () => {
    expect(isComplete({ Completed_Count: 4, Total_Count: 4 })).toBe(true);
    expect(isComplete({ Completed_Count: 3, Total_Count: 4 })).toBe(false);
    expect(jobRemaining({ Completed_Count: 3, Total_Count: 4 })).toBe(1);
    expect(jobRemaining({ Completed_Count: 5, Total_Count: 4 })).toBe(0);
  });
});

describe('the job-type catalogue', () => {
  it('names each job type once per use: card title, requirement key, payload field, event key', () => {
    expect(JOB_TYPES.map(jobTypeName)).toEqual(['Boiler Installs', 'Boiler Service', 'Pipework', 'Repair']);
    expect(REQUIREMENT_KEYS['Boiler Service']).toBe('Boiler_Service');
    expect(REQUIREMENT_FIELDS['Boiler Service']).toBe('boiler_service_required');
    expect(REQUIREMENT_KEY['Boiler Service']).toBe('boilerService');
    expect(requirementName('Boiler_Service')).toBe('Boiler Service');
    expect(jobTypeName('Gas Meters')).toBe('Gas Meters');
  });

  it('maps counts between the names', () => {
    const goals = { boiler_installs_required: 1, boiler_service_required: 2, pipework_required: 3, repair_required: 0 };
    expect(perJobType((t) => goals[REQUIREMENT_FIELDS[t]], REQUIREMENT_KEY)).toEqual({
      boilerInstalls: 1,
      boilerService: 2,
      pipework: 3,
      repair: 0,
    });
    expect(perJobType((t) => goals[REQUIREMENT_FIELDS[t]])).toEqual({
      'Boiler Installs': 1,
      'Boiler Service': 2,
      Pipework: 3,
      Repair: 0,
    });
  });
});
