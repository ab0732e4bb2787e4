import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { store } from './store';
import { createAppTheme } from './theme';
import { Toaster } from './toaster';

/** Redux, MUI theme, toasts and the router. */
export function AppProvider() {
  const theme = useMemo(() => createAppTheme(), []);
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
