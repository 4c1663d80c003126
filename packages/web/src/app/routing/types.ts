import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ShellArea } from '../roles.ts';

/** Entities whose names fill breadcrumbs (SPEC 2 "Shell"). */
export const CRUMB_ENTITIES = [
  'market',
  'round',
  'organisation',
  'organisation-details',
  'project',
  'projectGroup',
  'refDataType',
  'refDataItem',
  'requirement',
  'requirementGroup',
] as const;
/** An entity whose name a page can supply for its breadcrumb. */
export type CrumbEntity = (typeof CRUMB_ENTITIES)[number];

/** How a route appears in the breadcrumbs: a fixed label, or an entity's name once the page supplies it. */
export interface CrumbSpec {
  /** Shown as is, or until the entity's name is known. */
  label: string;
  entity?: CrumbEntity;
  /** Shown as plain text even when it is not the last crumb. */
  noLink?: boolean;
  /**
   * The route path (as in `AreaRoute.path`) of the list this page belongs to when its address does not sit under
   * it, e.g. 'projects' for `project-group/:id`: that route's crumb comes first.
   */
  parent?: string;
}

/** A page of one area: its path below '/', '' for home (React Router pattern syntax). */
export interface AreaRoute {
  path: string;
  page: ComponentType;
  crumb?: CrumbSpec;
  /**
   * Asks for the record the page shows as soon as the app starts at its address, alongside the signed-in user
   * and the page's code rather than after them. `params` are the address's parameters.
   */
  prefetch?: (params: Readonly<Record<string, string | undefined>>, queryClient: QueryClient) => void;
}

/** The route tree of every area that has pages; anonymous visitors only get the public pages. */
export type AreaRouteTrees = Record<Exclude<ShellArea, 'anonymous'>, readonly AreaRoute[]>;
