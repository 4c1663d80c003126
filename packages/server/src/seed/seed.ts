import type { OrganisationType, UserGroup } from '@curlew/domain';
import { count } from 'drizzle-orm';
import { users } from '../auth/auth.tables.ts';
import { hashPassword } from '../auth/passwords.ts';
import { isUniqueViolation } from '../auth/users.repo.ts';
import { markets } from '../modules/markets/markets.tables.ts';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db/connect.ts';
import { linkDemoLpa } from './seed.lpa.ts';
import { seedDemoMail } from './seed.mail.ts';
import { seedDemoOpportunity } from './seed.opportunity.ts';
import { seedDemoProjects } from './seed.projects.ts';
import { seedDemoRegistry } from './seed.registry.ts';
import { seedDemoRequirements } from './seed.requirements.ts';
import { seedDemoAuthorityToConfirm, seedDemoRounds } from './seed.rounds.ts';

interface DemoOrganisation {
  key: string;
  type: OrganisationType;
  name: string;
  csvId: string;
  contact: string;
  email: string;
  phone: string;
  mailingAddress: string;
}

/** The demo market and its round open for registration. */
export const DEMO_MARKET = { name: 'Solent Nature Recovery Market', round: 'Round 1 2026' } as const;

/** A demo account: who it is and what it shows. */
interface DemoAccount {
  username: string;
  displayName: string;
  groups: UserGroup[];
  organisation: string;
  role: string;
}

const DEMO_ORGANISATIONS: DemoOrganisation[] = [
  {
    key: 'operator',
    type: 'OPER',
    name: 'Curlew Market Operator',
    csvId: 'OPER-001',
    contact: 'Market Operations',
    email: 'operations@curlew.example',
    phone: '+442079460000',
    mailingAddress: '1 Market Street, London, EC1A 1AA',
  },
  {
    key: 'supplier',
    type: 'PARTICIPANT',
    name: 'Tamar Valley Habitat Bank',
    csvId: 'PART-001',
    contact: 'Sophie Fielding',
    email: 'supplier@curlew.example',
    phone: '+441752960001',
    mailingAddress: 'Higher Farm, Gunnislake, Cornwall, PL18 9AA',
  },
  {
    key: 'buyer',
    type: 'PARTICIPANT',
    name: 'Kernow Homes Ltd',
    csvId: 'PART-002',
    contact: 'Ben Marsh',
    email: 'buyer@curlew.example',
    phone: '+441872960002',
    mailingAddress: '12 Lemon Street, Truro, TR1 2LS',
  },
  {
    key: 'investor',
    type: 'PARTICIPANT',
    name: 'Greenshank Nature Fund',
    csvId: 'PART-003',
    contact: 'Isla Fairweather',
    email: 'investor@curlew.example',
    phone: '+442079460003',
    mailingAddress: '40 Finsbury Square, London, EC2A 1PX',
  },
  {
    key: 'agent',
    type: 'AGENT',
    name: 'Estuary Land Agents',
    csvId: 'AGENT-001',
    contact: 'Aled Morgan',
    email: 'agent@curlew.example',
    phone: '+441392960004',
    mailingAddress: '3 Quay Hill, Exeter, EX2 4AP',
  },
  {
    key: 'lpa',
    type: 'LPA',
    name: 'Cornwall LPA',
    // The LPA's code in the reference data (local-planning-authorities.csv).
    csvId: 'E60000291',
    contact: 'Planning Ecology Team',
    email: 'lpa@curlew.example',
    phone: '+441872960005',
    mailingAddress: 'New County Hall, Truro, TR1 3AY',
  },
  {
    key: 'lpa-eastleigh',
    type: 'LPA',
    name: 'Eastleigh LPA',
    csvId: 'E60000244',
    contact: 'Planning Policy and Ecology',
    email: 'eastleigh@curlew.example',
    phone: '+442380960006',
    mailingAddress: 'Eastleigh House, Upper Market Street, Eastleigh, SO50 9YN',
  },
];

/** The demo accounts, all sharing CURLEW_DEMO_PASSWORD; e-mail is `{username}@curlew.example`. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    displayName: 'Alex Admin',
    groups: ['admin'],
    organisation: 'operator',
    role: 'market operator admin',
  },
  {
    username: 'sysadmin',
    displayName: 'Sam Sysadmin',
    groups: ['admin', 'sysadmin'],
    organisation: 'operator',
    role: 'system administrator',
  },
  {
    username: 'supplier',
    displayName: 'Sophie Fielding',
    groups: ['participant'],
    organisation: 'supplier',
    role: 'participant: supplier',
  },
  {
    username: 'buyer',
    displayName: 'Ben Marsh',
    groups: ['participant'],
    organisation: 'buyer',
    role: 'participant: buyer',
  },
  {
    username: 'investor',
    displayName: 'Isla Fairweather',
    groups: ['participant'],
    organisation: 'investor',
    role: 'participant: investor',
  },
  { username: 'agent', displayName: 'Aled Morgan', groups: ['agent'], organisation: 'agent', role: 'agent' },
  {
    username: 'lpa',
    displayName: 'Lowenna Pascoe',
    groups: ['lpa'],
    organisation: 'lpa',
    role: 'local planning authority',
  },
  {
    username: 'eastleigh',
    displayName: 'Elin Hart',
    groups: ['lpa'],
    organisation: 'lpa-eastleigh',
    role: 'local planning authority with developments after a round',
  },
];

/**
 * Creates the demo organisations and users when the database has no users yet (first start outside
 * production). Answers whether it seeded; safe to call on every start and from several processes.
 */
export async function seedDemoData(
  db: Database,
  options: { password: string; clock: Clock; publicUrl?: string },
): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return false;
  const now = options.clock();
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(options.password)));
  try {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(organisations)
        .values(
          DEMO_ORGANISATIONS.map(({ key: _key, ...organisation }) => ({
            ...organisation,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: organisations.id, csvId: organisations.csvId });
      const idOf = (key: string): string => {
        const csvId = DEMO_ORGANISATIONS.find((organisation) => organisation.key === key)?.csvId;
        const id = inserted.find((row) => row.csvId === csvId)?.id;
        if (!id) throw new Error(`Demo organisation ${key} was not inserted`);
        return id;
      };
      // One market whose rounds show its life: being set up, open for registration, closed.
      const [market] = await tx
        .insert(markets)
        .values({
          name: DEMO_MARKET.name,
          description: 'Biodiversity units for development around the Solent and the Isle of Wight.',
          region: 'Solent',
          buyerShareOfSurplus: 0.5,
          defaultReservePercentage: 15,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: markets.id });
      if (!market) throw new Error('Demo market was not inserted');
      await seedDemoRounds(tx, { marketId: market.id, now, idOf });
      await seedDemoProjects(tx, { now, idOf });
      await seedDemoRequirements(tx, { now, idOf });
      await seedDemoRegistry(tx, { marketId: market.id, now, idOf });
      await linkDemoLpa(tx, idOf('lpa-eastleigh'), 'Eastleigh LPA');
      await seedDemoMail(tx, {
        marketId: market.id,
        marketName: DEMO_MARKET.name,
        now,
        publicUrl: options.publicUrl ?? 'http://localhost:3000',
      });
      const accounts = await tx
        .insert(users)
        .values(
          DEMO_ACCOUNTS.map((account, index) => ({
            username: account.username,
            email: `${account.username}@curlew.example`,
            displayName: account.displayName,
            phone: `+4477009001${String(index).padStart(2, '0')}`,
            groups: account.groups,
            organisationId: idOf(account.organisation),
            passwordHash: passwordHashes[index],
            confirmed: true,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: users.id, username: users.username });
      const userIdOf = (username: string): string => {
        const id = accounts.find((account) => account.username === username)?.id;
        if (!id) throw new Error(`Demo user ${username} was not inserted`);
        return id;
      };
      await seedDemoAuthorityToConfirm(tx, { now, idOf, userIdOf });
      await seedDemoOpportunity(tx, { now, operatorUserId: userIdOf('admin') });
    });
  } catch (error) {
    // Another process seeding the same database at the same moment won the race.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
