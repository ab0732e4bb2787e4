import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { recordedRoute } from './recorded-route';

export interface SendOnceCheck {
  /** The form's route, recorded (recordedRoute): its answer is held while the form is re-submitted. */
  route: ReturnType<typeof recordedRoute>;
  /** The first submit (a click on the form's submit button). */
  submit: () => Promise<unknown>;
  /** The submit button's name while the request is on its way ('Saving...'); it must be disabled. */
  pending: string | RegExp;
  /** Where the form is (a dialog); default the whole page. */
  scope?: HTMLElement;
  /** More checks while the request is on its way (e.g. Cancel is disabled too). */
  whileSending?: () => void;
  /** Waits for what the form does once answered (its success toast, a result on screen). */
  answered: () => Promise<unknown>;
}

/**
 * The no-double-submit check of a form (docs/rules.md#forms-from-contracts): while the first request
 * is held, the submit button is disabled and two more submits of the form (Enter pressed again, a
 * double click) send nothing; once answered, exactly one request was sent. Returns its body.
 */
export async function expectSentOnce({
  route,
  submit,
  pending,
  scope = document.body,
  whileSending,
  answered,
}: SendOnceCheck) {
  route.hold();
  await submit();
  await waitFor(() => expect(route.sent).toHaveLength(1));
  const button = within(scope).getByRole('button', { name: pending }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  whileSending?.();
  const form = button.closest('form') ?? within(scope).getByRole('form');
  fireEvent.submit(form);
  fireEvent.submit(form);
  route.release();
  await answered();
  expect(route.sent).toHaveLength(1);
  return route.sent[0];
}
