import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './router';
import { store } from './store';
import { createAppTheme } from './theme';
import { Toaster } from './toaster';

/** Redux, MUI theme, toasts and the router. */
export function AppProvider() {
  const theme = useMemo(() => createAppTheme(), []);
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
