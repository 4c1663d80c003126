import type { AppModule } from '../../platform/module.ts';
import { registerReferenceData } from './index.ts';
import * as tables from './refdata.tables.ts';

/** Reference data: settings lists and items, NCA import, option lists. */
export const refdataModule: AppModule = { name: 'refdata', tables, routes: registerReferenceData };
