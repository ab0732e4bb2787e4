import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api';
import { rootReducer, type AppDispatch, type RootState } from '../lib/root-reducer';
import { loggedOut, sessionExpired, signedOut } from '../lib/session';
import { bindToasts } from '../lib/toast';

const listeners = createListenerMiddleware();

// A new user must never see the previous user's cached data.
listeners.startListening({
  matcher: isAnyOf(loggedOut, signedOut, sessionExpired),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
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
