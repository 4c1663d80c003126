import type { EntityAction, Organisation } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { isAgent, isAgentClient } from '../../platform/actions/scope.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import { organisations } from './organisations.tables.ts';

/** An organisation row. */
export type OrganisationRow = typeof organisations.$inferSelect;

/**
 * How the actor relates to an organisation: the market operator, a member of it, or the agent acting for it
 * (a client of the actor's agent organisation). Anyone else does not see it.
 */
export type OrganisationRelation = 'operator' | 'member' | 'agent';

/** Finds an organisation by id; undefined when missing or the id is malformed. */
export async function findOrganisation(
  db: Parameters<EntityKind<OrganisationRow, OrganisationRelation>['load']>[0],
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrganisationRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const query = db.select().from(organisations).where(eq(organisations.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The organisation entity for the action runner: `/organisation/{id}`, create actions on `/organisations`. */
export const organisationKind: EntityKind<OrganisationRow, OrganisationRelation> = {
  entity: 'organisation',
  collection: 'organisations',
  load: findOrganisation,
  async relate(db, actor, record) {
    if (isOperator(actor)) return 'operator';
    if (actor.organisationId === record.id) return 'member';
    if (
      actor.organisationId !== null &&
      isAgent(actor) &&
      (await isAgentClient(db, actor.organisationId, record.id))
    )
      return 'agent';
    return null;
  },
  idOf: (record) => record.id,
};

/** An organisation as the API answers it. */
export const presentOrganisation = (row: OrganisationRow, actions: EntityAction[]): Organisation => ({
  id: row.id,
  self: `/organisation/${row.id}`,
  type: row.type,
  csvId: row.csvId,
  name: row.name,
  contact: row.contact,
  email: row.email,
  phone: row.phone,
  mailingAddress: row.mailingAddress,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  actions,
});
