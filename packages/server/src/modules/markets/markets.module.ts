import type { AppModule } from '../../platform/module.ts';
import * as tables from './markets.tables.ts';

/** Markets, rounds and participations: the references other records keep until the rounds work fills them in. */
export const marketsModule: AppModule = { name: 'markets', tables };
