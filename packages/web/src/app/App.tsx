import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
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

function ThemedApp() {
  const { data: user, isPending } = useCurrentUser();
  const scheme = colourSchemeFor(isPending ? 'loading' : primaryArea(user ?? null));
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
