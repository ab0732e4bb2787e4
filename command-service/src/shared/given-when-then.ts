import { expect } from 'vitest';
import type { AnyEvent, Decider } from './decider';
import { HttpError } from '@panda/platform/errors';

/**
 * Given events, when a command, then events (or an error):
 *   spec(decider).given([...]).when(cmd).then([...]) / .thenThrows(409, 'message')
 */
export function spec<C, S, E extends AnyEvent>(decider: Decider<C, S, E>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(status: number, message?: string | RegExp) {
              let caught: unknown;
              try {
                run();
              } catch (err) {
                caught = err;
              }
              expect(caught, 'the command should have been refused').toBeInstanceOf(HttpError);
              expect((caught as HttpError).status).toBe(status);
              if (message !== undefined) expect((caught as HttpError).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
