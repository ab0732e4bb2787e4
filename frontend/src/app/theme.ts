import { alpha, createTheme, type ThemeOptions } from '@mui/material/styles';

declare global {
  interface Window {
    __PANDA_NO_ANIMATIONS__?: boolean;
  }
}

/** True when `window.__PANDA_NO_ANIMATIONS__` is set or the page was opened with ?noanim=1. */
export function animationsDisabled(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.__PANDA_NO_ANIMATIONS__ === true) return true;
  try {
    const param = new URLSearchParams(window.location.search).get('noanim');
    if (param === '1' || param === 'true') {
      window.__PANDA_NO_ANIMATIONS__ = true;
      return true;
    }
  } catch {
    /* ignore */
  }
  return false;
}

export const BRAND = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  primaryLight: '#3b82f6',
  flame: '#f97316',
  /** The flame orange dark enough for text and for white text on it (WCAG AA 4.5:1). */
  flameText: '#c2410c',
  /** Keyboard focus ring (WCAG 2.2 focus visible): 3 px, at least 3:1 against white and the page. */
  focus: '#1d4ed8',
  ink: '#0f172a',
  background: '#f6f8fc',
};

export function createAppTheme(noAnimations = animationsDisabled()) {
  const options: ThemeOptions = {
    palette: {
      mode: 'light',
      primary: { main: BRAND.primary, dark: BRAND.primaryDark, light: BRAND.primaryLight, contrastText: '#fff' },
      // Colours for text or white-on-colour meet WCAG AA 4.5:1 (docs/rules.md#accessibility): the brand orange stays in artwork.
      secondary: { main: BRAND.flameText, light: BRAND.flame, contrastText: '#fff' },
      success: { main: '#15803d' },
      warning: { main: '#b45309' },
      error: { main: '#b91c1c' }, // 4.5:1 and more on white and on hovered table rows (#f5f5f5)
      info: { main: '#0284c7' },
      background: { default: BRAND.background, paper: '#ffffff' },
      text: { primary: BRAND.ink, secondary: '#475569' },
      divider: '#e2e8f0',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.03em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.02em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      subtitle1: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
      overline: { fontWeight: 700, letterSpacing: '0.12em' },
    },
    components: {
      // A spinner only turns (a transform, which the compositor animates on its own thread): its arc's
      // growing and shrinking is a stroke animation that makes the page's main thread style and paint
      // every frame for as long as it shows (docs/rules.md#light-first-screens).
      MuiCircularProgress: { defaultProps: { disableShrink: true } },
      // An empty bar reads as empty: a neutral track, not a pale tint of the bar's colour that
      // looks like a full, faded bar at 0%.
      MuiLinearProgress: {
        styleOverrides: {
          root: { backgroundColor: 'rgba(15, 23, 42, 0.08)' },
        },
      },
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollBehavior: noAnimations ? 'auto' : 'smooth' },
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          '[id]': { scrollMarginTop: 88 },
          // Keyboard focus is always clearly visible (buttons, outlined buttons, sidebar, links, tabs).
          ':focus-visible, .Mui-focusVisible': { outline: `3px solid ${BRAND.focus}`, outlineOffset: 2 },
          // Also without script (the landing page is static HTML): above ButtonBase's own `outline: 0`.
          'html :focus-visible': { outline: `3px solid ${BRAND.focus}`, outlineOffset: 2 },
          '.MuiListItemButton-root.Mui-focusVisible, .MuiTab-root.Mui-focusVisible': { outlineOffset: -3 },
          // Text fields show focus with their own 2 px border.
          '.MuiInputBase-input:focus-visible': { outline: 'none' },
          ...(noAnimations
            ? {
                '*, *::before, *::after': {
                  transition: 'none !important',
                  animationDuration: '0s !important',
                  animationDelay: '0s !important',
                  caretColor: 'transparent',
                },
              }
            : {}),
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: noAnimations } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 10, paddingInline: 18 },
          sizeLarge: { paddingBlock: 11, paddingInline: 24, fontSize: '1rem' },
        },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { border: '1px solid #e2e8f0', borderRadius: 16 } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: {
        styleOverrides: { root: { borderRadius: 10, backgroundColor: '#fff' } },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 10,
            '&.Mui-selected': {
              backgroundColor: alpha(BRAND.primary, 0.1),
              color: BRAND.primary,
              '& .MuiListItemIcon-root': { color: BRAND.primary },
              '&:hover': { backgroundColor: alpha(BRAND.primary, 0.14) },
            },
          },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Links inside text are told apart by more than colour (WCAG 1.4.1).
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  };

  if (noAnimations) {
    options.transitions = {
      create: () => 'none',
      duration: {
        shortest: 0,
        shorter: 0,
        short: 0,
        standard: 0,
        complex: 0,
        enteringScreen: 0,
        leavingScreen: 0,
      },
    };
  }

  return createTheme(options);
}
