import { REFDATA_TYPES } from '@curlew/domain';
import type { AppModule } from '../../platform/module.ts';
import { describeListRoute } from '../../platform/read/list-route.ts';
import { registerReferenceData } from './index.ts';
import { settingsRecord } from './refdata.read.ts';
import { settingsListOf, storeOf } from './refdata.stores.ts';
import * as tables from './refdata.tables.ts';

/** Reference data: settings lists and items, NCA import, option lists. */
export const refdataModule: AppModule = {
  name: 'refdata',
  tables,
  routes: registerReferenceData,
  routeDescriptions: REFDATA_TYPES.flatMap((type) => {
    const path = `settings/${type}`;
    const list = settingsListOf(type);
    return [
      describeListRoute(path, list, false),
      settingsRecord(type, storeOf(type), list.itemType).description,
    ];
  }),
};
