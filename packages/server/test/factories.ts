import { users } from '../src/auth/auth.tables.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { agentClients } from '../src/modules/agent-authorities/agent-authorities.tables.ts';
import { organisations } from '../src/modules/organisations/organisations.tables.ts';
import type { Database } from '../src/platform/db/connect.ts';

/** A password every built user has unless a test gives another. */
export const TEST_PASSWORD = 'wading-bird-estuary-41';

let sequence = 0;
/** A number no other built record of this run has had (names, codes and emails are made unique with it). */
export const nextNumber = (): number => {
  sequence += 1;
  return sequence;
};

let testPasswordHash: Promise<string> | undefined;

/** An organisation row (a participant unless overridden). */
export type OrganisationRow = typeof organisations.$inferSelect;
/** A user row. */
export type UserRow = typeof users.$inferSelect;

/**
 * Per-entity test factories: each inserts a valid record, creating the parents it is not given. Organisations and
 * users are here; rounds, agent authorities and participations are in `factories.rounds.ts`; projects, places and
 * requirements in `factories.records.ts`.
 */

/** Inserts a valid organisation; fields can be overridden. */
export async function buildOrganisation(
  db: Database,
  overrides: Partial<typeof organisations.$inferInsert> = {},
): Promise<OrganisationRow> {
  const n = nextNumber();
  const now = new Date();
  const [row] = await db
    .insert(organisations)
    .values({
      type: 'PARTICIPANT',
      name: `Test Organisation ${n}`,
      contact: `Contact ${n}`,
      email: `organisation${n}@curlew.test`,
      phone: '+447700900000',
      mailingAddress: `${n} Test Street, Testford`,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('No organisation inserted');
  return row;
}

/** Overrides of buildUser: any user column, plus the plain password to hash. */
type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/**
 * Inserts a confirmed participant user in a new participant organisation (unless `organisationId` is given),
 * with TEST_PASSWORD; answers the row and the plain password.
 */
export async function buildUser(
  db: Database,
  overrides: UserOverrides = {},
): Promise<{ user: UserRow; password: string }> {
  const { password = TEST_PASSWORD, ...columns } = overrides;
  const n = nextNumber();
  const organisationId =
    columns.organisationId === undefined ? (await buildOrganisation(db)).id : columns.organisationId;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = password === TEST_PASSWORD ? await testPasswordHash : await hashPassword(password);
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}-${process.pid}`,
      email: `user${n}-${process.pid}@curlew.test`,
      displayName: `Test User ${n}`,
      phone: '+447700900123',
      groups: ['participant'],
      passwordHash,
      confirmed: true,
      createdAt: now,
      updatedAt: now,
      ...columns,
      organisationId,
    })
    .returning();
  if (!user) throw new Error('No user inserted');
  return { user, password };
}

/** Links an agent to a client it added itself (as AddParticipantClient does). */
export async function linkClient(db: Database, agentId: string, clientId: string): Promise<void> {
  await db
    .insert(agentClients)
    .values({ agentOrganisationId: agentId, clientOrganisationId: clientId, createdAt: new Date() });
}
