import type { OrganisationType } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { lpas } from '../refdata/refdata.tables.ts';

/** Organisations: market operators, participants, LPAs and agents. */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().$type<OrganisationType>().notNull(),
    /** Identifier used by CSV imports and exports. */
    csvId: text(),
    name: text().notNull(),
    contact: text(),
    email: text(),
    phone: text(),
    mailingAddress: text(),
    /** The reference local planning authority an LPA organisation is (null for other types). */
    lpaId: uuid().references(() => lpas.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('organisations_type_check', sql`${table.type} in ('OPER', 'PARTICIPANT', 'LPA', 'AGENT')`),
    index('organisations_name_trgm_idx')
      .using('gin', table.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
