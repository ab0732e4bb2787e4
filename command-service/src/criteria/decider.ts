import type { EventsOf } from '@panda/events/define';
import { criteriaEvents, type CriterionRecord } from '@panda/events/catalogue/criteria';
import type { Decider } from '../shared/decider';

/**
 * A centre's criteria template (docs/rules.md#qualification-criteria), one stream per centre: each change records
 * the whole template, so the history is the stream itself. Saving the template in force changes nothing.
 */
export type CriteriaEvent = EventsOf<typeof criteriaEvents>;

export type CriteriaCommand = {
  type: 'ChangeTemplate';
  centreId: string;
  actorId: string;
  criteria: CriterionRecord[];
};

/** The template in force; null while the centre keeps the default. */
export interface CriteriaState {
  criteria: CriterionRecord[] | null;
}

const same = (a: CriterionRecord[] | null, b: CriterionRecord[]) =>
  a !== null && JSON.stringify(a) === JSON.stringify(b);

export const criteriaDecider: Decider<CriteriaCommand, CriteriaState, CriteriaEvent> = {
  initialState: () => ({ criteria: null }),
  evolve: (state, event) => (event.type === 'CriteriaTemplateChanged' ? { criteria: event.data.criteria } : state),
  decide: (command, state) =>
    same(state.criteria, command.criteria)
      ? []
      : [
          {
            type: 'CriteriaTemplateChanged',
            data: { centreId: command.centreId, changedBy: command.actorId, criteria: command.criteria },
          },
        ],
};
