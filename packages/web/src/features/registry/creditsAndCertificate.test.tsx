import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { operator } from '../organisations/testing/fixtures.ts';
import { renderPage } from '../organisations/testing/renderPage.tsx';
import { supplier } from '../projects/testing/fixtures.ts';
import { requirementOf } from '../requirements/testing/fixtures.ts';
import { AreaCreditsPage } from './CreditsPage.tsx';
import { RegistryRequirementPage } from './RegistryRecordPages.tsx';
import { creditOf, registryRoutes, reservedOf } from './testing/fixtures.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(registryRoutes());
});
afterAll(() => server.close());

const listOf = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const DEFAULT_CREDITS = 'sort=requirement&order=asc&page=1&pageSize=25';

describe("a supplier's credits page", () => {
  it('lists the credits its projects supplied and the reserve held from them', async () => {
    server.routes = {
      ...registryRoutes(),
      [`GET /api/credits/registry?${DEFAULT_CREDITS}`]: {
        body: listOf([creditOf({ id: 'c1', sources: [{ id: 'p1', name: 'Meadow Farm' }] })]),
      },
      'GET /api/reserved-credits?sort=project&order=asc&page=1&pageSize=100': {
        body: listOf([reservedOf({ id: 'rc1' })]),
      },
    };
    renderPage([{ path: '/credits', page: AreaCreditsPage }], {
      at: '/credits',
      apiBase: server.origin,
      user: supplier,
    });
    const link = await screen.findByRole('link', { name: 'Housing at Mill Lane' });
    expect(link).toHaveAttribute('href', '/credits/c1');
    expect(link.closest('table')).toHaveAccessibleName('Credits');
    expect(screen.queryByText('There are no credits in the registry yet.')).toBeNull();
    const reserve = await screen.findByRole('table', { name: 'Reserve held from your projects' });
    expect(
      within(reserve)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Meadow Farm', 'Biodiversity', '2026', '5.00', '2.00', '3.00', 'Spring 2026']);
  });

  it('shows no reserve section when nothing is held from its projects, and says when the reserve fails to load', async () => {
    server.routes = registryRoutes();
    const { unmount } = renderPage([{ path: '/credits', page: AreaCreditsPage }], {
      at: '/credits',
      apiBase: server.origin,
      user: supplier,
    });
    await screen.findByRole('table', { name: 'Credits' });
    expect(screen.queryByRole('heading', { name: 'Reserve held from your projects' })).toBeNull();
    unmount();
    server.routes = {
      ...registryRoutes(),
      'GET /api/reserved-credits?sort=project&order=asc&page=1&pageSize=100': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong' },
      },
    };
    renderPage([{ path: '/credits', page: AreaCreditsPage }], {
      at: '/credits',
      apiBase: server.origin,
      user: supplier,
    });
    const failed = await screen.findByText('The reserve could not be loaded');
    expect(failed.closest('[role="alert"]')).toHaveTextContent('Something went wrong');
  });
});

describe("a requirement's one certificate", () => {
  it('links the signed copy instead of the generated certificate once one was uploaded', async () => {
    server.routes = {
      ...registryRoutes(),
      'GET /api/requirement/q1': {
        body: requirementOf({
          id: 'q1',
          status: 'RightsAllocated',
          documents: [
            {
              tag: 'CreditAllocationCertificate',
              fileId: 'f1',
              name: 'signed.pdf',
              uploadedAt: '2026-11-03T09:00:00.000Z',
            },
          ],
        }),
      },
      'GET /api/requirement/q1/certificate': {
        body: {
          number: 'CAC-1A2B-3C4D',
          issuedOn: '2026-11-02',
          signedCopy: { fileId: 'f1', name: 'signed.pdf', uploadedAt: '2026-11-03T09:00:00.000Z' },
        },
      },
    };
    renderPage([{ path: '/registry/credit-requirements/:requirementId', page: RegistryRequirementPage }], {
      at: '/registry/credit-requirements/q1',
      apiBase: server.origin,
      user: operator,
    });
    const signed = await screen.findByRole('link', { name: 'Download the signed copy (signed.pdf)' });
    expect(signed.parentElement).toHaveTextContent(
      'Credit allocation certificate CAC-1A2B-3C4D, issued on 2 Nov 2026: Download the signed copy (signed.pdf), uploaded on 3 Nov 2026',
    );
    expect(signed.getAttribute('href')).toContain('/api/file/f1');
    expect(screen.queryByRole('link', { name: 'Download the certificate (PDF)' })).toBeNull();
    // One certificate: the signed copy is not listed again among the agreements.
    expect(screen.getByText('No agreement or report has been uploaded yet.')).toBeInTheDocument();
  });
});
