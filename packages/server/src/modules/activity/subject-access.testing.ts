import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { registerSubjectAccess, type SubjectAccess } from '../../platform/actions/subject-access.ts';
import { organisations } from '../organisations/organisations.tables.ts';

/** A subject kind for tests: an organisation, readable by its own users and by the operator. */
export const TEST_SUBJECT_TYPE = 'test-organisation';

const uuid = z.uuid();

const organisationName = async (db: Parameters<NonNullable<SubjectAccess['describe']>>[0], id: string) => {
  if (!uuid.safeParse(id).success) return undefined;
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row?.name;
};

const testSubjectAccess: SubjectAccess = {
  async canRead({ db, user }, id) {
    const exists = (await organisationName(db, id)) !== undefined;
    const operator = user.groups.includes('admin') || user.groups.includes('sysadmin');
    return exists && (operator || user.organisationId === id);
  },
  organisationIds: async (_db, id) => [id],
  describe: organisationName,
};

/** Registers the test subject kind (idempotent). */
export function registerTestSubject(): void {
  registerSubjectAccess(TEST_SUBJECT_TYPE, testSubjectAccess);
}
