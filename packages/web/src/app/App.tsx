import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { followSessionEnd, useCurrentUser } from './currentUser.ts';
import { createQueryClient } from './queryClient.ts';
import { colourSchemeFor, primaryArea } from './roles.ts';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { AREA_ROUTES, PUBLIC_ROUTES } from './routing/areas.ts';
import { readSchemeHint, writeSchemeHint } from './schemeHint.ts';
import { ScrollToTop } from './shell/ScrollToTop.tsx';
import { ToastHost } from './shell/ToastHost.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The app's one query cache (exported so a page that started without the app can hand over the signed-in user). */
export const queryClient = createQueryClient();
followSessionEnd(queryClient);

function ThemedApp() {
  const { data: user, isPending } = useCurrentUser();
  // While the user loads, keep the scheme the page started with (the last one chosen) rather than switching.
  const scheme = isPending
    ? (readSchemeHint() ?? colourSchemeFor('loading'))
    : colourSchemeFor(primaryArea(user ?? null));
  useEffect(() => {
    if (isPending) return;
    writeSchemeHint(scheme);
  }, [isPending, scheme]);
  return (
    <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
      <ToastHost />
      <BrowserRouter>
        <ScrollToTop />
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
