import { expect } from 'vitest';
import type { AnyEvent, Decider } from './decider';
import { DomainError } from './domain-errors';
import { httpStatusOf } from './http-edge';

/**
 * Given events, when a command, then events (or an error):
 *   spec(decider).given([...]).when(cmd).then([...]) / .thenThrows(409, 'message')
 * (a refusal is a DomainError; the status is the one its kind answers at the edge)
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
              if (!(caught instanceof DomainError))
                return expect.fail(`the command should have been refused with a DomainError, got ${String(caught)}`);
              expect(httpStatusOf(caught), `refused as ${caught.kind}`).toBe(status);
              if (message !== undefined) expect(caught.message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
