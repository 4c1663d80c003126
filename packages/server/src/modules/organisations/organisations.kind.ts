import type { EntityAction, Organisation } from '@curlew/domain';
import { selfLink } from '../../platform/actions/runner.ts';
import type { EntityKind } from '../../platform/actions/types.ts';
import { findOrganisation, findOrganisationFor, type OrganisationRow } from './organisations.repo.ts';
import type { OrganisationRelation } from './organisations.scope.ts';

export { findOrganisation, type OrganisationRow } from './organisations.repo.ts';
export type { OrganisationRelation } from './organisations.scope.ts';

/** The organisation entity for the action runner: `/organisation/{id}`, create actions on `/organisations`. */
export const organisationKind: EntityKind<OrganisationRow, OrganisationRelation> = {
  entity: 'organisation',
  collection: 'organisations',
  noun: 'organisation',
  load: findOrganisation,
  loadFor: findOrganisationFor,
  idOf: (record) => record.id,
  fields: (record) => ({
    name: record.name,
    type: record.type,
    contact: record.contact,
    email: record.email,
    phone: record.phone,
    mailingAddress: record.mailingAddress,
  }),
};

/** An organisation as the API answers it. */
export const presentOrganisation = (row: OrganisationRow, actions: EntityAction[]): Organisation => ({
  id: row.id,
  self: selfLink('organisation', row.id),
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
