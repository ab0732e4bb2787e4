import { useSyncExternalStore } from 'react';

/**
 * Whether the student asked to open 'Set Your Training Goals' (from the jobs view or overview).
 * The dialog itself is mounted once for the student dashboard (TrainingGoalsGate); it also opens
 * on its own while the student has no requirements.
 */
let requested = false;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function openTrainingGoals(): void {
  requested = true;
  emit();
}

export function closeTrainingGoals(): void {
  requested = false;
  emit();
}

export function useTrainingGoalsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
