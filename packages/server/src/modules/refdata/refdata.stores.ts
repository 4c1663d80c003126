import type { RefDataType } from '@curlew/domain';
import type { RefDataItem, RefDataStore } from './refdata.store.ts';
import { declarationsStore } from './stores/declarations.store.ts';
import { habitatsStore } from './stores/habitats.store.ts';
import { lpasStore } from './stores/lpas.store.ts';
import { ncasStore } from './stores/ncas.store.ts';
import { projectTypesStore } from './stores/projectTypes.store.ts';
import { standardsStore } from './stores/standards.store.ts';
import { subcatchmentsStore } from './stores/subcatchments.store.ts';

/** The store behind each kind of reference data. */
const REFDATA_STORES = {
  'project-types': projectTypesStore,
  standards: standardsStore,
  ncas: ncasStore,
  lpas: lpasStore,
  subcatchments: subcatchmentsStore,
  declarations: declarationsStore,
  habitats: habitatsStore,
} as const satisfies Record<RefDataType, RefDataStore<RefDataItem>>;

/** The store of a kind, with its item type widened for the generic routes. */
export const storeOf = (type: RefDataType): RefDataStore<RefDataItem> => REFDATA_STORES[type];
