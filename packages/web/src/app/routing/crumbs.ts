import { matchPath } from 'react-router-dom';
import type { AreaRoute, CrumbEntity } from './types.ts';

/** One breadcrumb; `to` is absent for a crumb marked no-link; `pending` while its entity's name is unknown. */
export interface Crumb {
  label: string;
  to?: string;
  pending?: true;
}

/** Entity names the current page has supplied, by entity. */
export type CrumbNames = Partial<Record<CrumbEntity, string>>;

/** The address prefixes of a path: '/a/b/c' gives '/', '/a', '/a/b', '/a/b/c'. */
export function pathPrefixes(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
}

/** The breadcrumbs for an address: one per prefix that is a route declaring a crumb, names filled in. */
export function buildCrumbs(pathname: string, routes: readonly AreaRoute[], names: CrumbNames): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const prefix of pathPrefixes(pathname)) {
    const route = routes.find((candidate) => matchPath({ path: `/${candidate.path}`, end: true }, prefix));
    if (!route?.crumb) continue;
    const { label, entity, noLink, parent } = route.crumb;
    const above = parent === undefined ? undefined : routes.find((candidate) => candidate.path === parent);
    const aboveTo = `/${parent}`;
    if (above?.crumb && !crumbs.some((crumb) => crumb.to === aboveTo))
      crumbs.push({ label: above.crumb.label, to: aboveTo });
    const name = entity ? names[entity] : undefined;
    // An entity crumb shows no text until the page names it, never a placeholder such as 'Item'.
    const pending = entity !== undefined && name === undefined ? { pending: true as const } : {};
    crumbs.push(
      noLink ? { label: name ?? label, ...pending } : { label: name ?? label, to: prefix, ...pending },
    );
  }
  return crumbs;
}

/** Breadcrumbs show only when there are at least two (SPEC 2). */
export function shouldShowCrumbs(crumbs: readonly Crumb[]): boolean {
  return crumbs.length >= 2;
}
