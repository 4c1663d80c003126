import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { followSessionEnd, useCurrentUser } from './currentUser.ts';
import { createQueryClient } from './queryClient.ts';
import { colourSchemeFor, primaryArea } from './roles.ts';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { AREA_ROUTES, PUBLIC_ROUTES } from './routing/areas.ts';
import { ToastHost } from './shell/ToastHost.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const queryClient = createQueryClient();
followSessionEnd(queryClient);

/** Where the colour scheme the app last chose is kept, for colour-scheme.js to apply before the first paint. */
const SCHEME_HINT_KEY = 'curlew.colourScheme';

const readSchemeHint = (): 'light' | 'dark' | undefined => {
  try {
    const hint = window.localStorage.getItem(SCHEME_HINT_KEY);
    return hint === 'light' || hint === 'dark' ? hint : undefined;
  } catch {
    return undefined;
  }
};

function ThemedApp() {
  const { data: user, isPending } = useCurrentUser();
  // While the user loads, keep the scheme the page started with (the last one chosen) rather than switching.
  const scheme = isPending
    ? (readSchemeHint() ?? colourSchemeFor('loading'))
    : colourSchemeFor(primaryArea(user ?? null));
  useEffect(() => {
    if (isPending) return;
    try {
      window.localStorage.setItem(SCHEME_HINT_KEY, scheme);
    } catch {
      // Without storage the next load starts dark, as it did before.
    }
  }, [isPending, scheme]);
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      <ToastHost />
      <BrowserRouter>
        <AppRoutes publicRoutes={PUBLIC_ROUTES} trees={AREA_ROUTES} />
      </BrowserRouter>
    </MantineProvider>
  );
}

/** The whole browser app: query cache, theme with the role's colour scheme, toasts and the router. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp />
    </QueryClientProvider>
  );
}
