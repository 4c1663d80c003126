import type { ActionFormData, ActionResult } from '@curlew/domain';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ActionForm } from '../ActionForm.tsx';
import { ActionPanelProvider } from '../ActionPanelProvider.tsx';
import { ActionsConfigContext } from '../ActionsConfig.tsx';

// Tests run beside other work on small machines: give async queries room before calling a wait a failure.
configure({ asyncUtilTimeout: 10_000 });

function CurrentPath() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

// The app's query cache, which fields that look things up (e.g. '@' mentions) use; no retries in tests.
const queryCache = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {ui}
  </QueryClientProvider>
);

/** Renders UI inside Mantine (test mode: no transitions), notifications, a memory router and the action panel. */
export const renderWithPanel = (ui: ReactNode, apiBase: string) =>
  render(
    queryCache(
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter initialEntries={['/start']}>
          <ActionPanelProvider apiBase={apiBase}>
            <Routes>
              <Route path="*" element={<CurrentPath />} />
            </Routes>
            {ui}
          </ActionPanelProvider>
        </MemoryRouter>
      </MantineProvider>,
    ),
  );

/** Renders one action form on its own, recording what it reports. */
export const renderForm = (
  formData: ActionFormData,
  options: {
    apiBase?: string;
    self?: string;
    onSucceeded?: (result: ActionResult) => void;
    onCancel?: () => void;
  } = {},
) =>
  render(
    queryCache(
      <MantineProvider env="test">
        <ActionsConfigContext.Provider value={{ apiBase: options.apiBase ?? 'http://127.0.0.1:9' }}>
          <ActionForm
            formData={formData}
            self={options.self ?? '/thing/1'}
            onSucceeded={options.onSucceeded ?? (() => undefined)}
            onCancel={options.onCancel ?? (() => undefined)}
          />
        </ActionsConfigContext.Provider>
      </MantineProvider>,
    ),
  );
