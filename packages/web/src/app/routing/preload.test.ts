import { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadPageAt } from './preload.ts';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

const page = () => Object.assign((() => null) as ComponentType, { preload: vi.fn() });

function trees(routes: Partial<AreaRouteTrees>): AreaRouteTrees {
  return {
    sysAdmin: [],
    admin: [],
    participant: [],
    agent: [],
    lpa: [],
    signedIn: [],
    ...routes,
  } as AreaRouteTrees;
}

describe('preloadPageAt', () => {
  it("asks for the code of every area's page at the address and its record, with the address's parameters", () => {
    const adminProject = page();
    const supplierProject = page();
    const projects = page();
    const prefetch = vi.fn();
    const queryClient = new QueryClient();
    preloadPageAt(
      '/projects/p-1',
      queryClient,
      [],
      trees({
        admin: [
          { path: 'projects', page: projects },
          { path: 'projects/:id', page: adminProject, prefetch },
        ],
        participant: [{ path: 'projects/:id', page: supplierProject, prefetch }],
      }),
    );
    expect(adminProject.preload).toHaveBeenCalledTimes(1);
    expect(supplierProject.preload).toHaveBeenCalledTimes(1);
    expect(projects.preload).not.toHaveBeenCalled();
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(prefetch).toHaveBeenCalledWith({ id: 'p-1' }, queryClient);
  });

  it('asks for nothing at an address no page has', () => {
    const home = page();
    const prefetch = vi.fn();
    const route: AreaRoute = { path: '', page: home, prefetch };
    preloadPageAt('/nowhere', new QueryClient(), [], trees({ admin: [route] }));
    expect(home.preload).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
