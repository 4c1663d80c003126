import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ActionPanelProvider } from '../../../actions/ActionPanelProvider.tsx';
import { theme } from '../../../app/theme.ts';

/**
 * Renders a feature component for tests against a real HTTP server at `apiBase`: Mantine (no transitions), a
 * query cache that does not retry, a router and the action panel.
 */
export function renderWithApi(ui: ReactNode, apiBase: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <MemoryRouter>
          <ActionPanelProvider apiBase={apiBase}>{ui}</ActionPanelProvider>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
