import type { UserEvent } from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';

const CONTROLS = 'input, textarea, select';

/** A label's text as Testing Library reads it: the text of its descendants, not the value of a control inside it. */
const textOf = (node: Node): string =>
  node.nodeType === Node.TEXT_NODE
    ? (node.textContent ?? '')
    : node instanceof HTMLElement && node.matches('button, meter, output, progress, select, textarea, input')
      ? ''
      : Array.from(node.childNodes, textOf).join('');

const LABELABLE = 'button, meter, output, progress, select, textarea, input:not([type="hidden"])';

/**
 * Each control's labels, in the document's order: the one its `for` names (by id), else the first control inside it.
 * jsdom's `control.labels` walks the whole document, and for each label in it, the document again.
 */
function labelsByControl(): Map<Element, HTMLLabelElement[]> {
  const byControl = new Map<Element, HTMLLabelElement[]>();
  for (const label of Array.from(document.querySelectorAll('label'))) {
    const target = label.getAttribute('for');
    const control = target === null ? label.querySelector(LABELABLE) : target && document.getElementById(target);
    if (control && control.matches(LABELABLE)) byControl.set(control, [...(byControl.get(control) ?? []), label]);
  }
  return byControl;
}

/** What names a control: each of its labels, all of them together, the elements it is labelled by, its aria-label. */
function namesOf(control: HTMLElement, labels: HTMLLabelElement[], scope: HTMLElement): string[] {
  const by = (control.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => scope.querySelector(`[id="${id}"]`))
    .map((el) => (el ? (el.tagName === 'LABEL' ? textOf(el) : (el as HTMLInputElement).value || el.textContent) : ''));
  const own = [...labels.map(textOf), ...by].filter(Boolean);
  return [...own, own.join(' '), control.getAttribute('aria-label') ?? ''].map((t) => t.replace(/\s+/g, ' ').trim());
}

/**
 * The usual moves of a form test: `field(label)` is the input, textarea or select labelled so
 * (its exact text, a required field's asterisk left out), `fill({label: value})` types into each (after clearing it), `submit(name)`
 * clicks the named button. `scope` narrows them to one dialog or form.
 */
export function formKit(user: UserEvent, scope: HTMLElement = document.body) {
  // A required field's label ends in ' *' (MUI's asterisk); the label is matched without it.
  // Testing Library's getByLabelText asks every element of the scope (each button too) for its labels, and jsdom
  // walks the whole document, then the document again for each label, to answer: seconds a lookup on a busy form,
  // an eighth of the component tests' time (docs/benchmarks.md#test-suite). Here each label is read once, to the
  // control it names; when that does not find exactly one, getByLabelText answers instead, with the same element
  // or its own error.
  const field = (label: string) => {
    const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s*\u2009]*$`);
    const labels = labelsByControl();
    const found = Array.from(scope.querySelectorAll<HTMLElement>(CONTROLS)).filter((c) =>
      namesOf(c, labels.get(c) ?? [], scope).some((n) => name.test(n)),
    );
    if (found.length === 1) return found[0] as HTMLInputElement;
    return within(scope).getByLabelText(name, { selector: CONTROLS }) as HTMLInputElement;
  };
  return {
    field,
    fill: async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        const input = field(label);
        await user.clear(input);
        if (value) {
          await user.click(input);
          await user.paste(value);
        }
      }
    },
    submit: (name: string | RegExp) => user.click(within(scope).getByRole('button', { name })),
    button: (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement,
  };
}
