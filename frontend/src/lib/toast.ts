import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Toast notifications (spec section 9): default 4000 ms, success 2000 ms, loading stays until
 * dismissed, at most 20 on screen. Usable from anywhere, including outside React:
 *
 *   import { toast } from '@/lib/toast';   // i.e. '../../lib/toast' relative
 *   toast.success('Profile updated successfully!');
 *   const id = toast.loading('Uploading...'); ...; toast.dismiss(id);
 *   toast.dismissErrors('my-form'); toast.error('Name is required', { group: 'my-form' });
 */

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Milliseconds until it disappears; null = until dismissed. */
  duration: number | null;
  /** The form (or other source) that raised it, so that source can clear its own toasts. */
  group?: string;
}

export interface ToastState {
  items: Toast[];
}

export const TOAST_LIMIT = 20;
export const TOAST_DURATION: Record<ToastKind, number | null> = {
  success: 2000,
  error: 4000,
  info: 4000,
  warning: 4000,
  loading: null,
};

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastAdded(state, action: PayloadAction<Toast>) {
      state.items.push(action.payload);
      if (state.items.length > TOAST_LIMIT) state.items.splice(0, state.items.length - TOAST_LIMIT);
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
    toastsCleared(state) {
      state.items = [];
    },
    /** Error toasts (of one group when given) go away, e.g. a form's old messages on a new submit. */
    errorToastsDismissed(state, action: PayloadAction<string | undefined>) {
      const group = action.payload;
      state.items = state.items.filter((t) => t.kind !== 'error' || (group !== undefined && t.group !== group));
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastAdded, toastDismissed, toastsCleared, errorToastsDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;

type Dispatch = (action: UnknownAction) => unknown;
let boundDispatch: Dispatch | null = null;
const pending: UnknownAction[] = [];

/** Called once by the store (src/app/store.ts); toasts raised earlier are queued. */
export function bindToasts(dispatch: Dispatch): void {
  boundDispatch = dispatch;
  while (pending.length) dispatch(pending.shift()!);
}

let seq = 0;
function send(action: UnknownAction): void {
  if (boundDispatch) boundDispatch(action);
  else pending.push(action);
}

function show(kind: ToastKind, message: string, options?: ToastOptions & { id?: string }): string {
  const id = options?.id ?? `t${Date.now().toString(36)}-${(seq++).toString(36)}`;
  const duration = options && 'duration' in options ? (options.duration ?? null) : TOAST_DURATION[kind];
  send(toastAdded({ id, kind, message, duration, ...(options?.group ? { group: options.group } : {}) }));
  return id;
}

export interface ToastOptions {
  /** Override the default lifetime in ms; null keeps it until dismissed. */
  duration?: number | null;
  /** Tag for `toast.dismissErrors(group)`, e.g. the form's name. */
  group?: string;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  /** Stays until `toast.dismiss(id)`. */
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  dismiss: (id: string) => send(toastDismissed(id)),
  /**
   * Removes error toasts: those raised with `{ group }` when a group is given, else all. Forms call
   * it on submit so earlier messages do not pile up: `toast.dismissErrors('register-student')`.
   */
  dismissErrors: (group?: string) => send(errorToastsDismissed(group)),
};
