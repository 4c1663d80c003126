import { createContext, useContext } from 'react';
import type { AreaRouteTrees } from './types.ts';

const empty: AreaRouteTrees = { sysAdmin: [], admin: [], lpa: [], participant: [], agent: [], signedIn: [] };

/** The route trees the app was built with, for the guards, menus and breadcrumbs. */
export const AreaTreesContext = createContext<AreaRouteTrees>(empty);

/** The route trees of every area. */
export function useAreaTrees(): AreaRouteTrees {
  return useContext(AreaTreesContext);
}
