import type { Module, SizeUnit } from '../vocab/habitats.ts';

/**
 * The names, paths and labels of projects that pages show, apart from the projects' schemas, so a page that only
 * shows a project loads no validation.
 */

/** The collection projects are created in (`POST /api/projects`). */
export const PROJECTS_COLLECTION = 'projects';

/** The collection project groups are created in (`POST /api/project-groups`). */
export const PROJECT_GROUPS_COLLECTION = 'project-groups';

/** The modules a biodiversity service may be in, with the habitat family each names. */
export const SERVICE_MODULES = ['Area', 'Linear', 'River'] as const satisfies readonly Module[];
/** Labels of the habitat families of the service modules. */
export const SERVICE_MODULE_LABELS = {
  Area: 'Area habitat',
  Linear: 'Hedgerow',
  River: 'Watercourse',
} as const satisfies Record<(typeof SERVICE_MODULES)[number], string>;

/** The unit of a service's size for its module: hectares for area habitats, kilometres for hedgerows and rivers. */
export const serviceSizeUnit = (module: Module | undefined): SizeUnit =>
  module === 'Linear' || module === 'River' ? 'km' : 'ha';

/** The label of the gain of year `index`: 'At delivery', 'At year 1', then 'Year n'. */
export const gainLabel = (index: number): string =>
  index === 0 ? 'At delivery' : index === 1 ? 'At year 1' : `Year ${index}`;
