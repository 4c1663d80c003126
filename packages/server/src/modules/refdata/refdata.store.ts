import type { Queryable } from '../../platform/db/connect.ts';

/** Option-list filters from the query string (e.g. `module`, `broadHabitat`), already strings. */
export type ListFilters = Readonly<Record<string, string | undefined>>;

/** An item every reference store answers: an id, a display name, and whether it is active. */
export interface RefDataItem {
  id: string;
  active?: boolean;
}

/** How the routes reach one kind of reference data. */
export interface RefDataStore<Item extends RefDataItem = RefDataItem> {
  /** The name shown for an item (breadcrumbs, activity). */
  nameOf(item: Item): string;
  /** The item with its details (versions, neighbours), or undefined. */
  get(db: Queryable, id: string): Promise<Item | undefined>;
  counts(db: Queryable): Promise<{ count: number; activeCount: number }>;
  /** Absent for read-only kinds. The body is validated with the kind's domain schema. */
  create?(db: Queryable, body: unknown, now: Date): Promise<Item>;
  update?(db: Queryable, id: string, body: unknown, now: Date): Promise<Item | undefined>;
}
