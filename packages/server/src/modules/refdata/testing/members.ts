import type { OrganisationType, UserGroup } from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { signIn } from '../../../../test/auth.ts';
import { buildOrganisation, buildUser } from '../../../../test/factories.ts';
import type { Database } from '../../../platform/db/connect.ts';

/** The signed-in roles of the reference-data tests; only admin and sysadmin act for the operator. */
export const SIGNED_IN_ROLES = ['admin', 'sysadmin', 'lpa', 'participant', 'agent'] as const;
/** One signed-in role. */
export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];

const ORGANISATION_OF = {
  admin: 'OPER',
  sysadmin: 'OPER',
  lpa: 'LPA',
  participant: 'PARTICIPANT',
  agent: 'AGENT',
} as const satisfies Record<SignedInRole, OrganisationType>;

/** Signs in one user per role (each in an organisation of the matching type); answers their cookies. */
export async function signInEveryRole(
  app: FastifyInstance,
  db: Database,
): Promise<Record<SignedInRole, string>> {
  const cookies: Partial<Record<SignedInRole, string>> = {};
  for (const role of SIGNED_IN_ROLES) {
    const organisation = await buildOrganisation(db, { type: ORGANISATION_OF[role] });
    const groups: UserGroup[] = role === 'sysadmin' ? ['admin', 'sysadmin'] : [role];
    const { user, password } = await buildUser(db, { groups, organisationId: organisation.id });
    cookies[role] = await signIn(app, user.username, password);
  }
  return {
    admin: cookies.admin ?? '',
    sysadmin: cookies.sysadmin ?? '',
    lpa: cookies.lpa ?? '',
    participant: cookies.participant ?? '',
    agent: cookies.agent ?? '',
  };
}

/** A multipart body with one file part, as a browser's form upload sends it. */
export function multipartFile(
  field: string,
  filename: string,
  content: string,
  type = 'text/csv',
): { payload: Buffer; contentType: string } {
  const boundary = `----curlew${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
