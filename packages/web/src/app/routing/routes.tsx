import type { RouteObject } from 'react-router-dom';
import { ShellLayout } from '../shell/ShellLayout.tsx';
import { AreaPage } from './AreaPage.tsx';
import { AreaTreesContext } from './AreaTreesContext.ts';
import { PublicPage } from './PublicPage.tsx';
import { allAreaPaths } from './resolve.ts';
import { SignedInLayout } from './SignedInLayout.tsx';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

/** The router's route objects: the shell, the public pages, every area path behind its guard, and a catch-all. */
export function buildAppRoutes(publicRoutes: readonly AreaRoute[], trees: AreaRouteTrees): RouteObject[] {
  const areaRoutes: RouteObject[] = allAreaPaths(trees).map((path) =>
    path === ''
      ? { index: true, element: <AreaPage pattern="" /> }
      : { path, element: <AreaPage pattern={path} /> },
  );
  return [
    {
      path: '/',
      element: (
        <AreaTreesContext.Provider value={trees}>
          <ShellLayout />
        </AreaTreesContext.Provider>
      ),
      children: [
        ...publicRoutes.map((route) => ({ path: route.path, element: <PublicPage page={route.page} /> })),
        {
          element: <SignedInLayout />,
          children: [...areaRoutes, { path: '*', element: <AreaPage pattern={null} /> }],
        },
      ],
    },
  ];
}
