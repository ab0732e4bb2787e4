import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { rootReducer, type AppDispatch, type RootState } from '../lib/root-reducer';
import { loggedOut, sessionExpired, signedIn, signedOut } from '../lib/session';
import { clearApiCache } from '../lib/pwa/api-cache';
import { bindToasts } from '../lib/toast';

const listeners = createListenerMiddleware();

// A new user must never see the previous user's cached data.
listeners.startListening({
  matcher: isAnyOf(loggedOut, signedOut, sessionExpired),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
  },
});

// Nor the service worker's copies of its reads (docs/rules.md#installable-app).
listeners.startListening({
  matcher: isAnyOf(loggedOut, signedOut, sessionExpired, signedIn),
  effect: async () => {
    await clearApiCache();
  },
});

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
}

export const store = makeStore();
bindToasts(store.dispatch);
setupListeners(store.dispatch);

// The store must match the shared RootState/AppDispatch types used by features (src/lib/hooks.ts).
const _stateCheck: RootState = store.getState();
const _dispatchCheck: AppDispatch = store.dispatch;
void _stateCheck;
void _dispatchCheck;
