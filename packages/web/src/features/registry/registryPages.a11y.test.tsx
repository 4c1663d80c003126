import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import type { ComponentType } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { PublicOpportunityPage } from '../opportunity/PublicOpportunityPage.tsx';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { supplier } from '../projects/testing/fixtures.ts';
import { AreaCreditsPage, RegistryCreditsPage } from './CreditsPage.tsx';
import { RegistryCreditPage } from './CreditTracePage.tsx';
import { PublicRegistryPage } from './PublicRegistryPage.tsx';
import { RegistryProjectsPage, RegistryRequirementsPage } from './RegistryListsPage.tsx';
import { RegistryProjectPage, RegistryRequirementPage } from './RegistryRecordPages.tsx';
import { ReservedCreditPage, ReservePage } from './ReservePages.tsx';
import { registryRoutes } from './testing/fixtures.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(registryRoutes());
});
afterAll(() => server.close());

const violations = async (container: HTMLElement) => {
  await waitFor(() => expect(container.querySelector('[aria-label^="Loading"]')).toBeNull(), {
    timeout: 30_000,
  });
  // jsdom does not lay out or paint, so contrast is checked in the browser tests instead.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
};

const PAGES: readonly { name: string; path: string; at: string; page: ComponentType; ready: string }[] = [
  {
    name: 'credits',
    path: '/registry/credits',
    at: '/registry/credits',
    page: RegistryCreditsPage,
    ready: 'Barn conversion',
  },
  {
    name: "a participant's credits",
    path: '/credits',
    at: '/credits',
    page: AreaCreditsPage,
    ready: 'Barn conversion',
  },
  {
    name: "a credit's trace",
    path: '/registry/credits/:creditId',
    at: '/registry/credits/c1',
    page: RegistryCreditPage,
    ready: 'Hampshire Downs',
  },
  {
    name: 'projects registry',
    path: '/registry/projects',
    at: '/registry/projects',
    page: RegistryProjectsPage,
    ready: 'Meadow Farm',
  },
  {
    name: 'a registry project',
    path: '/registry/projects/:id',
    at: '/registry/projects/p1',
    page: RegistryProjectPage,
    ready: 'Housing at Mill Lane',
  },
  {
    name: 'credit requirements registry',
    path: '/registry/credit-requirements',
    at: '/registry/credit-requirements',
    page: RegistryRequirementsPage,
    ready: 'Plot 4 nitrogen',
  },
  {
    name: 'a registry requirement',
    path: '/registry/credit-requirements/:requirementId',
    at: '/registry/credit-requirements/q1',
    page: RegistryRequirementPage,
    ready: 'Late redemption',
  },
  {
    name: 'credit reserve',
    path: '/registry/reserve',
    at: '/registry/reserve',
    page: ReservePage,
    ready: 'Meadow Farm',
  },
  {
    name: 'a reserved credit',
    path: '/registry/reserve/:id',
    at: '/registry/reserve/rc1',
    page: ReservedCreditPage,
    ready: 'Down Farm',
  },
  {
    name: 'the public registry',
    path: '/public/registry',
    at: '/public/registry',
    page: PublicRegistryPage,
    ready: 'Spring 2026',
  },
  {
    name: "a round's public opportunity statement",
    path: '/public/round/:roundId/opportunity',
    at: '/public/round/r1/opportunity',
    page: PublicOpportunityPage,
    ready: 'Download CSV',
  },
  {
    name: 'a round with no public opportunity statement',
    path: '/public/round/:roundId/opportunity',
    at: '/public/round/r9/opportunity',
    page: PublicOpportunityPage,
    ready: 'This round has no public opportunity statement.',
  },
];

describe('registry pages accessibility', () => {
  for (const { name, path, at, page, ready } of PAGES)
    it(`has no axe violations on ${name}`, async () => {
      const { container } = renderPage([{ path, page }], {
        at,
        apiBase: server.origin,
        user: path === '/credits' ? supplier : operator,
      });
      await screen.findAllByText(ready);
      expect(await violations(container)).toEqual([]);
    }, 40_000);
});
