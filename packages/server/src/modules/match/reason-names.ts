import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect.ts';
import { projectGroups } from '../project-groups/project-groups.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementGroups } from '../requirement-groups/requirement-groups.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';

/** An engine id in a reason: a record's or group's id, an ongoing-only alternative or its XOR pairing. */
const ENGINE_ID =
  /(?:xor\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/ongoing-only)?/g;

/**
 * The engine's reason in words a participant reads: every id it names (a group, a partner project or requirement)
 * becomes that record's name in quotes, and an id without a known name becomes 'another record of this round'.
 */
export function readableReason(reason: string | null, names: ReadonlyMap<string, string>): string | null {
  if (reason === null) return null;
  return reason.replace(ENGINE_ID, (token) => {
    const name = names.get(token.replace(/^xor\//, '').replace(/\/ongoing-only$/, ''));
    return name === undefined ? 'another record of this round' : `‘${name}’`;
  });
}

/** Names of the records a reason may mention, from the records the review is built from. */
export function namesOf(
  records: readonly { id: string; name: string; group: { id: string; name: string } | null }[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const record of records) {
    names.set(record.id, record.name);
    if (record.group) names.set(record.group.id, record.group.name);
  }
  return names;
}

/** The tables of a round's named records a reason may mention. */
const NAMED_IN_ROUND = [projects, projectGroups, creditRequirements, requirementGroups] as const;

/**
 * Names of the round's projects, requirements and their groups, for reasons read outside the review. One query
 * after another: `db` may be a transaction, whose connection runs one statement at a time.
 */
export async function roundNames(db: Queryable, roundId: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const table of NAMED_IN_ROUND) {
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(eq(table.marketRoundId, roundId));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
