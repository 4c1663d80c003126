import { and, asc, eq, type SQL } from 'drizzle-orm';
import { isConfirmedOrganisation } from '../../auth/users.repo.ts';
import { isRecordId } from '../../platform/actions/ids.ts';
import { accessColumns, accessOf, type ScopeReader } from '../../platform/actions/scope.ts';
import type { RecordInScope } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { lpas } from '../refdata/refdata.tables.ts';
import { renameRequirementsOwner } from '../requirements/requirements.repo.ts';
import { type OrganisationRelation, organisationScope } from './organisations.scope.ts';
import { organisations } from './organisations.tables.ts';

/** An organisation row. */
export type OrganisationRow = typeof organisations.$inferSelect;
/** What a new organisation holds. */
type NewOrganisation = Omit<typeof organisations.$inferInsert, 'id'>;

/** Finds an organisation by id; undefined when missing or the id is malformed. */
export async function findOrganisation(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrganisationRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db.select().from(organisations).where(eq(organisations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The organisations in the actor's scope with the actor's access, filtered by `where` (one query). */
export const selectOrganisationsFor = (db: Queryable, actor: ScopeReader, where: SQL | undefined) => {
  const scope = organisationScope(actor);
  return db
    .select({ row: organisations, ...accessColumns(scope) })
    .from(organisations)
    .where(and(scope.where, where));
};

/** The record and access of a row of `selectOrganisationsFor`; null outside the scope. */
export const organisationInScope = (row: {
  row: OrganisationRow;
  relation: OrganisationRelation | null;
  permissions: string[] | null;
}): RecordInScope<OrganisationRow, OrganisationRelation> | null => {
  const access = accessOf({ relation: row.relation, permissions: null });
  return access === null ? null : { record: row.row, access };
};

/** Finds an organisation in the actor's scope with the actor's access; undefined when missing or out of scope. */
export async function findOrganisationFor(
  db: Queryable,
  actor: ScopeReader,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RecordInScope<OrganisationRow, OrganisationRelation> | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = selectOrganisationsFor(db, actor, eq(organisations.id, id));
  const [row] = options.forUpdate ? await query.for('update', { of: organisations }) : await query;
  return (row && organisationInScope(row)) ?? undefined;
}

/** Inserts an organisation and answers its row. */
export async function insertOrganisation(tx: Queryable, values: NewOrganisation): Promise<OrganisationRow> {
  const [row] = await tx.insert(organisations).values(values).returning();
  if (!row) throw new Error('Inserting the organisation returned no row');
  return row;
}

/** Updates an organisation's columns. */
export async function updateOrganisation(
  tx: Queryable,
  id: string,
  columns: Partial<NewOrganisation>,
): Promise<void> {
  await tx.update(organisations).set(columns).where(eq(organisations.id, id));
  if (columns.name !== undefined) await renameRequirementsOwner(tx, id, columns.name);
}

/** The confirmed agent organisations as select options, by name (unconfirmed sign-ups are never offered). */
export async function agentOrganisationOptions(db: Queryable): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.type, 'AGENT'), isConfirmedOrganisation(organisations.id)))
    .orderBy(asc(organisations.name));
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/** Whether an organisation is confirmed (not a sign-up nobody confirmed). */
export async function isConfirmedOrganisationId(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), isConfirmedOrganisation(organisations.id)));
  return row !== undefined;
}

/** The name of a reference local planning authority; undefined when there is none with that id. */
export async function findReferenceLpaName(db: Queryable, id: string): Promise<string | undefined> {
  if (!isRecordId(id)) return undefined;
  const [lpa] = await db.select({ name: lpas.name }).from(lpas).where(eq(lpas.id, id));
  return lpa?.name;
}
