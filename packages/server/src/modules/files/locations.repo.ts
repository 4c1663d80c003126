import type { LocationView } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { locations } from './files.tables.ts';

/** A location row. */
export type LocationRow = typeof locations.$inferSelect;

/** The place fields of a location (SPEC 3 "Location"); blank fields are null. */
interface LocationFields {
  lpaId?: string | null;
  ncaId?: string | null;
  subcatchmentId?: string | null;
  gridReference?: string | null;
  threeWords?: string | null;
  nearAddress?: string | null;
  creditTypes?: readonly string[];
}

/** A location as `GET /api/location/{id}` answers it. */
export const presentLocation = (row: LocationRow): LocationView => ({
  id: row.id,
  ownerType: row.ownerType,
  ownerId: row.ownerId,
  lpaId: row.lpaId,
  ncaId: row.ncaId,
  subcatchmentId: row.subcatchmentId,
  gridReference: row.gridReference,
  threeWords: row.threeWords,
  nearAddress: row.nearAddress,
  creditTypes: row.creditTypes,
  updatedAt: row.updatedAt.toISOString(),
});

/** Sets the owner's location (one per owner), creating it the first time; for the Set location handlers. */
export async function saveLocation(
  tx: Queryable,
  owner: { ownerType: string; ownerId: string },
  fields: LocationFields,
  now: Date,
): Promise<LocationRow> {
  const values = {
    lpaId: fields.lpaId ?? null,
    ncaId: fields.ncaId ?? null,
    subcatchmentId: fields.subcatchmentId ?? null,
    gridReference: fields.gridReference ?? null,
    threeWords: fields.threeWords ?? null,
    nearAddress: fields.nearAddress ?? null,
    creditTypes: [...(fields.creditTypes ?? [])],
    updatedAt: now,
  };
  const [row] = await tx
    .insert(locations)
    .values({ ...owner, ...values, createdAt: now })
    .onConflictDoUpdate({ target: [locations.ownerType, locations.ownerId], set: values })
    .returning();
  if (!row) throw new Error('Saving the location returned no row');
  return row;
}

/** A location by id, when it belongs to the owner. */
export async function findLocation(
  db: Queryable,
  owner: { ownerType: string; ownerId: string },
  id: string,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(
      and(
        eq(locations.id, id),
        eq(locations.ownerType, owner.ownerType),
        eq(locations.ownerId, owner.ownerId),
      ),
    );
  return row;
}
