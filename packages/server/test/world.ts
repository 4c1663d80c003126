import type { UserGroup } from '@curlew/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/platform/db/connect.ts';
import { requestJson } from './app.ts';
import { signIn } from './auth.ts';
import { buildRound } from './factories.rounds.ts';
import { buildOrganisation, buildUser, linkClient, type OrganisationRow, type UserRow } from './factories.ts';

/** The roles every authorisation test runs as. */
export const ROLES = ['admin', 'sysadmin', 'lpa', 'participant', 'agent', 'anonymous'] as const;
/** One role of the authorisation tests. */
export type Role = (typeof ROLES)[number];

/** A signed-in user of the world and its session cookie. */
export interface Member {
  user: UserRow;
  organisation: OrganisationRow;
  cookie: string;
}

/** A small market: one organisation and user per role, a client of the agent, and rounds in two statuses. */
export interface World {
  members: Record<Exclude<Role, 'anonymous'>, Member>;
  /** A participant nobody else in the world is linked to. */
  otherParticipant: Member;
  /** A participant the agent acts for. */
  client: OrganisationRow;
  openRound: { id: string; name: string };
  settledRound: { id: string; name: string };
  /** The cookie of a role ('' for anonymous). */
  cookieOf(role: Role): string;
}

export { buildAgentAuthority, buildRound } from './factories.rounds.ts';
export { linkClient } from './factories.ts';

/** Inserts an organisation with one signed-in user of the given groups. */
export async function buildMember(
  app: FastifyInstance,
  db: Database,
  type: OrganisationRow['type'],
  groups: UserGroup[],
  organisation?: OrganisationRow,
): Promise<Member> {
  const home = organisation ?? (await buildOrganisation(db, { type }));
  const { user, password } = await buildUser(db, { organisationId: home.id, groups });
  return { user, organisation: home, cookie: await signIn(app, user.username, password) };
}

/** Builds the world on the app's database and signs every member in. */
export async function buildWorld(app: FastifyInstance, db: Database): Promise<World> {
  const operator = await buildOrganisation(db, { type: 'OPER', name: 'Market Operator' });
  const members = {
    admin: await buildMember(app, db, 'OPER', ['admin'], operator),
    sysadmin: await buildMember(app, db, 'OPER', ['sysadmin', 'admin'], operator),
    lpa: await buildMember(app, db, 'LPA', ['lpa']),
    participant: await buildMember(app, db, 'PARTICIPANT', ['participant']),
    agent: await buildMember(app, db, 'AGENT', ['agent']),
  };
  const otherParticipant = await buildMember(app, db, 'PARTICIPANT', ['participant']);
  const client = await buildOrganisation(db, { type: 'PARTICIPANT', name: 'Client Farm' });
  await linkClient(db, members.agent.organisation.id, client.id);
  return {
    members,
    otherParticipant,
    client,
    openRound: await buildRound(db, 'Open', 'Spring round'),
    settledRound: await buildRound(db, 'Settled', 'Old round'),
    cookieOf: (role) => (role === 'anonymous' ? '' : members[role].cookie),
  };
}

/** Sends a request as a role (no cookie for anonymous). */
export const asRole = (
  app: FastifyInstance,
  world: World,
  role: Role,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> => {
  const cookie = world.cookieOf(role);
  return requestJson(app, method, url, body, cookie === '' ? {} : { cookie });
};

/** A multipart submission: the `submission` JSON part and one part per file. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  values: Record<string, unknown>,
  files: Record<string, { name: string; type: string; content: Uint8Array | string }>,
  cookie: string,
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('submission', JSON.stringify(values));
  for (const [fieldId, file] of Object.entries(files)) {
    form.append(fieldId, new Blob([file.content], { type: file.type }), file.name);
  }
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type');
  if (contentType === null) throw new Error('FormData gave no content type');
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': contentType },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** The bytes of a small but real-looking PDF. */
export const PDF_BYTES = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
