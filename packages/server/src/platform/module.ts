import type { FastifyInstance } from 'fastify';
import type { EntityActionRegistration } from './actions/runner.ts';
import type { SubjectAccess } from './actions/subject-access.ts';
import type { RouteDescription } from './read/describe.ts';

/**
 * One entity module (or a module serving every entity, like comments): what the application needs of it. Every
 * module is listed once in `modules/index.ts`; the platform knows modules only through this shape.
 */
export interface AppModule {
  /** The module's folder name. */
  name: string;
  /** Its tables (Drizzle), listed for the schema checks. */
  tables?: Readonly<Record<string, unknown>>;
  /** Its entities' actions: the action routes are generated from them. */
  actions?: readonly EntityActionRegistration[];
  /** How comments, files and activity read-check its records, by entity kind. */
  subjects?: Readonly<Record<string, SubjectAccess>>;
  /** Its read routes (lists, records) and anything else it serves. */
  routes?(app: FastifyInstance): Promise<void>;
  /** Descriptions of the read routes its declaration generates (`defineEntityModule`), for the API description. */
  routeDescriptions?: readonly RouteDescription[];
}

/** The descriptions of every generated read route of some modules, in module order. */
export const routeDescriptionsOf = (modules: readonly AppModule[]): RouteDescription[] =>
  modules.flatMap((module) => module.routeDescriptions ?? []);
