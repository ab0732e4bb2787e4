import type { UserEvent } from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';

/**
 * The usual moves of a form test: `field(label)` is the input, textarea or select labelled so
 * (its exact text, a required field's asterisk left out), `fill({label: value})` types into each (after clearing it), `submit(name)`
 * clicks the named button. `scope` narrows them to one dialog or form.
 */
export function formKit(user: UserEvent, scope: HTMLElement = document.body) {
  // A required field's label ends in ' *' (MUI's asterisk); the label is matched without it.
  const field = (label: string) =>
    within(scope).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*\u2009]*$`), {
      selector: 'input, textarea, select',
    }) as HTMLInputElement;
  return {
    field,
    fill: async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        await user.clear(field(label));
        if (value) {
          await user.click(field(label));
          await user.paste(value);
        }
      }
    },
    submit: (name: string | RegExp) => user.click(within(scope).getByRole('button', { name })),
    button: (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement,
  };
}
