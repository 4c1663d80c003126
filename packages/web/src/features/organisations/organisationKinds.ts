import type { OrganisationType } from '@curlew/domain';

/** How the admin area lists and shows the organisations of one type. */
export interface OrganisationKind {
  type: OrganisationType;
  /** The list's path below '/', also the first segment of its detail pages (`participants/{id}`). */
  path: string;
  /** The list's heading and breadcrumb. */
  plural: string;
  /** What one of them is called (the detail page's breadcrumb until the name is known). */
  singular: string;
  /** The create action on the `/organisations` collection, for types the operator adds. */
  createActionId?: string;
  /** Shown when there are none. */
  emptyText: string;
}

/** The four organisation lists of the admin area (SPEC 2): operators, participants, LPAs and agencies. */
export const ORGANISATION_KINDS = {
  OPER: {
    type: 'OPER',
    path: 'operators',
    plural: 'Market operators',
    singular: 'Market operator',
    createActionId: 'CreateOperator',
    emptyText: 'No market operators yet',
  },
  PARTICIPANT: {
    type: 'PARTICIPANT',
    path: 'participants',
    plural: 'Participants',
    singular: 'Participant',
    createActionId: 'CreateParticipant',
    emptyText: 'No participants yet',
  },
  LPA: {
    type: 'LPA',
    path: 'lpas',
    // Not 'Local planning authorities': that is the reference list of every authority in England.
    plural: 'LPAs',
    singular: 'LPA',
    createActionId: 'CreateLpa',
    emptyText: 'No LPAs yet',
  },
  AGENT: {
    type: 'AGENT',
    path: 'agencies',
    plural: 'Agencies',
    singular: 'Agency',
    createActionId: 'CreateAgency',
    emptyText: 'No agencies yet',
  },
} as const satisfies Record<OrganisationType, OrganisationKind>;

/** The app address of an organisation's page (`/participants/{id}`, `/agencies/{id}`...). */
export const organisationPagePath = (organisation: { id: string; type: OrganisationType }): string =>
  `/${ORGANISATION_KINDS[organisation.type].path}/${encodeURIComponent(organisation.id)}`;
