import type { CurrentUser, UserGroup } from '@curlew/domain';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router-dom';
import { setCurrentUser } from '../src/app/currentUser.ts';
import { createQueryClient } from '../src/app/queryClient.ts';
import { theme } from '../src/app/theme.ts';

/** A signed-in user with the given groups, for rendering the shell. */
export function userWith(groups: UserGroup[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    username: 'pat',
    email: 'pat@example.org',
    displayName: 'Pat Example',
    phone: '+447700900123',
    groups,
    organisation: { id: 'org-1', name: 'Wetland Trust', type: 'PARTICIPANT' },
    ...overrides,
  };
}

/** Shows the router's current address so tests can read where a guard sent them. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/**
 * Renders UI inside the app's providers at an address (a path, or a location with its navigation state);
 * `user` null means signed out (known, not loading).
 */
export function renderAt(
  ui: ReactNode,
  { path = '/', user }: { path?: InitialEntry; user?: CurrentUser | null } = {},
) {
  const queryClient: QueryClient = createQueryClient();
  if (user !== undefined) setCurrentUser(queryClient, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
