import type { ListQuery, RefDataType } from '@curlew/domain';
import type { DescribedList } from '../../platform/read/list-route.ts';
import type { RefDataItem, RefDataStore } from './refdata.store.ts';
import { declarationsList, declarationsStore } from './stores/declarations.store.ts';
import { habitatsList, habitatsStore } from './stores/habitats.store.ts';
import { lpasList, lpasStore } from './stores/lpas.store.ts';
import { ncasList, ncasStore } from './stores/ncas.store.ts';
import { projectTypesList, projectTypesStore } from './stores/projectTypes.store.ts';
import { standardsList, standardsStore } from './stores/standards.store.ts';
import { subcatchmentsList, subcatchmentsStore } from './stores/subcatchments.store.ts';

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

/** A settings list with its item type widened for registering and describing the routes. */
type AnySettingsList = DescribedList<ListQuery, unknown, { id: string }>;

/** The settings list of each kind (`GET /api/settings/{type}`). */
const SETTINGS_LISTS = {
  'project-types': projectTypesList,
  standards: standardsList,
  ncas: ncasList,
  lpas: lpasList,
  subcatchments: subcatchmentsList,
  declarations: declarationsList,
  habitats: habitatsList,
} as const satisfies Record<RefDataType, unknown>;

/** The settings list of a kind, widened. */
export const settingsListOf = (type: RefDataType): AnySettingsList =>
  SETTINGS_LISTS[type] as unknown as AnySettingsList;
