import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formKit } from './form-kit';

/** Every way the app's forms name a control, a button or two beside them, and one label given twice. */
function Form() {
  return (
    <form aria-label="Everything">
      <label htmlFor="first">First Name *</label>
      <input id="first" />
      <label htmlFor="notes">Notes</label>
      <textarea id="notes" />
      <label htmlFor="kind">Kind</label>
      <select id="kind">
        <option>One</option>
      </select>
      <span id="amount-label">Amount</span>
      <span id="amount-unit">in pounds</span>
      <input aria-labelledby="amount-label amount-unit" />
      <input aria-label="Search by name" />
      <label>
        Wrapped <input />
      </label>
      <label htmlFor="twice-1">Twice</label>
      <input id="twice-1" />
      <label htmlFor="twice-2">Twice</label>
      <input id="twice-2" />
      <label htmlFor="go">Go</label>
      <button id="go" type="button">
        Go
      </button>
    </form>
  );
}

describe('formKit.field', () => {
  it('finds the same control as getByLabelText, by each kind of label', () => {
    render(<Form />);
    const { field } = formKit(userEvent.setup());
    const exactly = (name: string) => screen.getByLabelText(name, { selector: 'input, textarea, select' });
    expect(field('First Name')).toBe(exactly('First Name *'));
    expect(field('Notes')).toBe(exactly('Notes'));
    expect(field('Kind')).toBe(exactly('Kind'));
    expect(field('Amount in pounds')).toBe(exactly('Amount in pounds'));
    expect(field('Amount')).toBe(exactly('Amount'));
    expect(field('Search by name')).toBe(exactly('Search by name'));
    expect(field('Wrapped')).toBe(exactly('Wrapped'));
  });

  it('refuses a label given twice, or none, as getByLabelText does, and never answers with a button', () => {
    render(<Form />);
    const { field } = formKit(userEvent.setup());
    expect(() => field('Twice')).toThrow(/multiple elements/i);
    expect(() => field('Nobody')).toThrow(/Unable to find/);
    expect(() => field('Go')).toThrow();
    expect(() => field('First')).toThrow(/Unable to find/);
  });

  it('looks only inside its scope', () => {
    render(
      <>
        <Form />
        <section aria-label="Other">
          <label htmlFor="other-notes">Notes</label>
          <textarea id="other-notes" />
        </section>
      </>,
    );
    const other = screen.getByRole('region', { name: 'Other' });
    expect(formKit(userEvent.setup(), other).field('Notes')).toBe(within(other).getByLabelText('Notes'));
    expect(() => formKit(userEvent.setup()).field('Notes')).toThrow(/multiple elements/i);
  });
});
