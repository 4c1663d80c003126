import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ApiError } from './api.ts';
import { useCurrentUser } from './currentUser.ts';
import { colourSchemeFor, primaryArea } from './roles.ts';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { AREA_ROUTES, PUBLIC_ROUTES } from './routing/areas.ts';
import { ToastHost } from './shell/ToastHost.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The query cache: client errors (4xx) are answers, not glitches, so only server and network failures retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}

const queryClient = createQueryClient();

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
