import { and, eq, isNull } from 'drizzle-orm';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { lpas } from '../modules/refdata/refdata.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';

/**
 * Links a demo LPA organisation to its local planning authority in the reference data (when the reference data
 * holds it), so its officers see the developments and sites of that area: Eastleigh holds a development of the
 * cleared round whose credits are allocated and whose redemption is late, and a site that supplied it.
 */
export async function linkDemoLpa(tx: Transaction, organisationId: string, lpaName: string): Promise<void> {
  const [lpa] = await tx.select({ id: lpas.id }).from(lpas).where(eq(lpas.name, lpaName));
  if (lpa === undefined) return;
  await tx
    .update(organisations)
    .set({ lpaId: lpa.id })
    .where(and(eq(organisations.id, organisationId), isNull(organisations.lpaId)));
}
