import type { AppModule } from '../../platform/module.ts';
import { registerSettlementRoutes } from './settlement.routes.ts';
import * as tables from './settlement.tables.ts';

/**
 * After the round: the ledger moves of requirement credits, market balancing after an irrevocable failure, the
 * readiness of AllocateRights, IssueCredits and Settle, the credit allocation certificate and the balancing list.
 */
export const settlementModule: AppModule = { name: 'settlement', tables, routes: registerSettlementRoutes };
