import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '../currentUser.ts';
import { useAreaTrees } from './AreaTreesContext.ts';
import { buildCrumbs, type Crumb, type CrumbNames } from './crumbs.ts';
import { routesFor } from './resolve.ts';
import type { CrumbEntity } from './types.ts';

interface CrumbNamesState {
  names: CrumbNames;
  setName: (entity: CrumbEntity, name: string | undefined) => void;
  /** How many mounted pages asked for no breadcrumbs (a not-found page). */
  hidden: number;
  hide: (delta: 1 | -1) => void;
}

const CrumbNamesContext = createContext<CrumbNamesState>({
  names: {},
  setName: () => undefined,
  hidden: 0,
  hide: () => undefined,
});

/** Holds the entity names pages supply for the breadcrumbs. */
export function CrumbNamesProvider({ children }: { children: ReactNode }) {
  const [names, setNames] = useState<CrumbNames>({});
  const setName = useCallback((entity: CrumbEntity, name: string | undefined) => {
    setNames((current) => {
      if (current[entity] === name) return current;
      const next = { ...current };
      if (name === undefined) delete next[entity];
      else next[entity] = name;
      return next;
    });
  }, []);
  const [hidden, setHidden] = useState(0);
  const hide = useCallback((delta: 1 | -1) => setHidden((current) => current + delta), []);
  const state = useMemo(() => ({ names, setName, hidden, hide }), [names, setName, hidden, hide]);
  return <CrumbNamesContext.Provider value={state}>{children}</CrumbNamesContext.Provider>;
}

/** Lets a page name the entity it shows (e.g. a market's name) in its breadcrumb while it is mounted. */
export function useCrumbName(entity: CrumbEntity, name: string | undefined): void {
  const { setName } = useContext(CrumbNamesContext);
  useEffect(() => {
    setName(entity, name);
    return () => setName(entity, undefined);
  }, [entity, name, setName]);
}

/** Hides the breadcrumbs while the calling page is mounted (a not-found page has no trail to show). */
export function useNoCrumbs(): void {
  const { hide } = useContext(CrumbNamesContext);
  useEffect(() => {
    hide(1);
    return () => hide(-1);
  }, [hide]);
}

/** The breadcrumbs of the current address for the signed-in user. */
export function useBreadcrumbs(): Crumb[] {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const trees = useAreaTrees();
  const { names, hidden } = useContext(CrumbNamesContext);
  return useMemo(
    () => (hidden > 0 ? [] : buildCrumbs(pathname, routesFor(user ?? null, trees), names)),
    [pathname, user, trees, names, hidden],
  );
}
