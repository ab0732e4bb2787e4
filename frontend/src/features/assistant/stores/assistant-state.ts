import { useSyncExternalStore } from 'react';

/**
 * Whether the Smart Assistant is closed, open, minimised or maximised. Shared by the widget (the
 * window, and its floating button on wide screens) and the header button that opens it on a phone
 * or tablet, where a floating button would sit over the page (docs/rules.md#assistant-button).
 */
export type AssistantState = 'closed' | 'open' | 'minimised' | 'maximised';

let state: AssistantState = 'closed';
const listeners = new Set<() => void>();

export function setAssistantState(next: AssistantState): void {
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

export function useAssistantState(): AssistantState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => 'closed',
  );
}
