import type { AppModule } from '../../platform/module.ts';
import { listRoute, readRoutes, recordRoute } from '../../platform/read/entity-module.ts';
import {
  creditRegistryList,
  creditTraceRecord,
  reservedCreditList,
  reservedCreditRecord,
} from './registry.read.ts';
import { registerRegistrySpecialRoutes } from './registry.routes.ts';

/**
 * The registry after the round (MARKET.md section 6): credits traced from site to development, the reserve, the
 * totals over time and the public view, every one scoped to the reader (the operator all; participants their own
 * and their clients' through agent authority; an LPA its area, read only; anyone else nothing). It reads the match
 * module's ledger and writes nothing.
 */
export const registryModule: AppModule = {
  name: 'registry',
  ...readRoutes(
    [
      listRoute('credits/registry', creditRegistryList),
      recordRoute(creditTraceRecord),
      listRoute('reserved-credits', reservedCreditList),
      recordRoute(reservedCreditRecord),
    ],
    registerRegistrySpecialRoutes,
  ),
};
