import {
  DECLARATION_CATEGORY_LABELS,
  type DeclarationCategory,
  HABITAT_DISTINCTIVENESS_LABELS,
  type HabitatDistinctivenessBand,
  MODULE_LABELS,
  type Module,
  type RefDataType,
  SUBCATCHMENT_NUTRIENT_LABELS,
  type SubcatchmentNutrient,
} from '@curlew/domain';
import type { RefDataRecord } from './refdataApi.ts';

/** A column of a reference-data table: the field it shows, its heading, and whether the server sorts on it. */
export interface RefDataColumn {
  key: string;
  label: string;
  sortable: boolean;
  /** The cell's text; defaults to the field's value. */
  text?: (item: RefDataRecord) => string;
}

const yesNo = (value: unknown): string => (value === true ? 'Yes' : 'No');
const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

const activeColumn: RefDataColumn = {
  key: 'active',
  label: 'Active',
  sortable: true,
  text: (item) => yesNo(item.active),
};

/** The columns of each kind's table (sortable ones match the server's sort names). */
export const REFDATA_COLUMNS = {
  'project-types': [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'description', label: 'Description', sortable: false },
    {
      key: 'incompatibleWithCurrentService',
      label: 'Removes current service',
      sortable: true,
      text: (item) => yesNo(item.incompatibleWithCurrentService),
    },
    activeColumn,
  ],
  standards: [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'latestVersion', label: 'Latest version', sortable: false },
    { key: 'description', label: 'Description', sortable: false },
    activeColumn,
  ],
  ncas: [
    { key: 'number', label: 'Number', sortable: true },
    { key: 'name', label: 'Name', sortable: true },
    activeColumn,
  ],
  lpas: [
    { key: 'code', label: 'Code', sortable: true },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'authorityType', label: 'Authority type', sortable: true },
    { key: 'ladCode', label: 'Area code', sortable: true },
    { key: 'current', label: 'Current', sortable: true, text: (item) => yesNo(item.current) },
    activeColumn,
  ],
  subcatchments: [
    { key: 'name', label: 'Name', sortable: true },
    {
      key: 'nutrient',
      label: 'Nutrient',
      sortable: true,
      text: (item) =>
        SUBCATCHMENT_NUTRIENT_LABELS[item.nutrient as SubcatchmentNutrient] ?? textOf(item.nutrient),
    },
    { key: 'designatedSites', label: 'Designated sites', sortable: false },
    activeColumn,
  ],
  declarations: [
    { key: 'name', label: 'Name', sortable: true },
    {
      key: 'category',
      label: 'Category',
      sortable: true,
      text: (item) =>
        DECLARATION_CATEGORY_LABELS[item.category as DeclarationCategory] ?? textOf(item.category),
    },
    { key: 'isForAgents', label: 'For agents', sortable: true, text: (item) => yesNo(item.isForAgents) },
    {
      key: 'isForParticipants',
      label: 'For participants',
      sortable: true,
      text: (item) => yesNo(item.isForParticipants),
    },
    activeColumn,
  ],
  habitats: [
    {
      key: 'module',
      label: 'Module',
      sortable: true,
      text: (item) => MODULE_LABELS[item.module as Module] ?? textOf(item.module),
    },
    { key: 'broadHabitat', label: 'Broad habitat', sortable: true },
    { key: 'habitatType', label: 'Habitat type', sortable: true },
    {
      key: 'distinctiveness',
      label: 'Distinctiveness',
      sortable: true,
      text: (item) =>
        HABITAT_DISTINCTIVENESS_LABELS[item.distinctiveness as HabitatDistinctivenessBand] ??
        textOf(item.distinctiveness),
    },
  ],
} as const satisfies Record<RefDataType, readonly RefDataColumn[]>;

/** The text of a cell. */
export const cellText = (column: RefDataColumn, item: RefDataRecord): string =>
  column.text ? column.text(item) : textOf(item[column.key]);

/** The name of an item for titles and breadcrumbs. */
export function itemName(type: RefDataType, item: RefDataRecord): string {
  if (type === 'ncas') return textOf(item.label ?? item.name);
  if (type === 'habitats') return textOf(item.habitatType);
  return textOf(item.name);
}
