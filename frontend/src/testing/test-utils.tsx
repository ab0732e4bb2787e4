import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { SessionUser } from '@panda/contracts/accounts';
import { makeStore } from '../app/store';
import { createAppTheme } from '../app/theme';
import { Toaster } from '../app/toaster';
import { persistSession, signedIn } from '../lib/session';
import { bindToasts } from '../lib/toast';
import { testStyles } from './styles';

export type TestStore = ReturnType<typeof makeStore>;

/** A fresh store as the app builds it, optionally signed in (stored like a real sign-in). */
export function makeTestStore(session?: { token: string; user: SessionUser }): TestStore {
  const store = makeStore();
  bindToasts(store.dispatch);
  if (session) {
    persistSession(session.token, session.user);
    store.dispatch(signedIn(session));
  }
  return store;
}

/** The router's current path and query, for checking where the app navigated. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern `ui` is mounted at (default: every path), so it can read its params. */
  path?: string;
  session?: { token: string; user: SessionUser };
  store?: TestStore;
}

/**
 * Renders `ui` inside the app's providers (src/app/provider.tsx): a fresh Redux store with the
 * RTK Query api, the MUI theme without animations, a memory router and the toaster. Returns
 * the store, a userEvent instance and Testing Library's queries.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { route = '/', path = '*', session, store = makeTestStore(session), ...renderOptions } = options;
  const theme = createAppTheme(true);
  const cache = testStyles();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <CacheProvider value={cache}>
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={children} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
            <Toaster />
          </ThemeProvider>
        </Provider>
      </CacheProvider>
    );
  }
  return { store, user: userEvent.setup({ delay: null }), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}

export * from '@testing-library/react';
