import type { AppModule } from '../../platform/module.ts';
import { describeListRoute } from '../../platform/read/list-route.ts';
import { creditRegistryList, reservedCreditList } from './registry.read.ts';
import { registerRegistryRoutes } from './registry.routes.ts';

/**
 * The registry after the round (MARKET.md section 6): credits traced from site to development, the reserve, the
 * totals over time and the public view. It reads the match module's ledger and writes nothing.
 */
export const registryModule: AppModule = {
  name: 'registry',
  routes: registerRegistryRoutes,
  routeDescriptions: [
    describeListRoute('credits/registry', creditRegistryList, false),
    describeListRoute('reserved-credits', reservedCreditList, false),
  ],
};
