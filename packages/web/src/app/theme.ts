import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Curlew's Mantine theme. The primary shade and the overridden colours keep text at WCAG AA contrast in both
 * schemes: Mantine's default filled blue, light-scheme error red and dimmed grey fall below 4.5:1.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  defaultRadius: 'sm',
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Colour variables replaced for contrast (measured against each scheme's body colour). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // Form errors use --mantine-color-error and warnings --curlew-color-warning, readable on either scheme.
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Teal 9 falls just below 4.5:1 on a striped table row under the pointer; a darker teal keeps links readable.
    '--mantine-color-anchor': '#066649',
    '--curlew-color-warning': 'var(--mantine-color-orange-9)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // A file field's placeholder is text on the input's background (axe checks it): dark-2 falls below 4.5:1 there.
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--curlew-color-warning': 'var(--mantine-color-orange-4)',
  },
});
