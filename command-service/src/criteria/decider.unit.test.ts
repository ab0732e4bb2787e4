import { describe, it } from 'vitest';
import { spec } from '../shared/given-when-then';
import { criteriaDecider, type CriteriaEvent } from './decider';

const criteria = [{ code: 'A', title: 'A', jobTypes: ['Repair' as const], applianceKinds: [], required: 1 }];
const changed = (c = criteria): CriteriaEvent => ({
  type: 'CriteriaTemplateChanged',
  data: { centreId: 'c1', changedBy: 'c1', criteria: c },
});
const change = (c = criteria) => ({ type: 'ChangeTemplate' as const, centreId: 'c1', actorId: 'c1', criteria: c });

describe('criteria template (docs/rules.md#qualification-criteria)', () => {
  const s = spec(criteriaDecider);
  it('records a change of template', () => s.given([]).when(change()).then([changed()]));
  it('records each further change', () => {
    const more = [{ ...criteria[0], required: 3 }];
    s.given([changed()])
      .when(change(more))
      .then([changed(more)]);
  });
  it('records nothing when the template in force is saved again', () => s.given([changed()]).when(change()).then([]));
});
