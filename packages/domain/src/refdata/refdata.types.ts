/** The kinds of reference data the operator manages under settings/refdata (SPEC 2 and 3). */
export const REFDATA_TYPES = [
  'project-types',
  'standards',
  'ncas',
  'lpas',
  'subcatchments',
  'declarations',
  'habitats',
] as const;
/** One kind of reference data, as it appears in addresses (settings/refdata/{type}). */
export type RefDataType = (typeof REFDATA_TYPES)[number];

/** Whether a value names a kind of reference data. */
export const isRefDataType = (value: unknown): value is RefDataType =>
  typeof value === 'string' && (REFDATA_TYPES as readonly string[]).includes(value);

/** How each kind is named on screen: the list title and one item. */
export const REFDATA_TYPE_LABELS = {
  'project-types': { plural: 'Project types', singular: 'Project type' },
  standards: { plural: 'Standards', singular: 'Standard' },
  ncas: { plural: 'National Character Areas', singular: 'National Character Area' },
  lpas: { plural: 'Local planning authorities', singular: 'Local planning authority' },
  subcatchments: { plural: 'Subcatchments', singular: 'Subcatchment' },
  declarations: { plural: 'Declarations', singular: 'Declaration' },
  habitats: { plural: 'Habitats', singular: 'Habitat' },
} as const satisfies Record<RefDataType, { plural: string; singular: string }>;

/** Kinds the operator can create and edit; habitats come from the statutory metric and are read-only. */
export const EDITABLE_REFDATA_TYPES = [
  'project-types',
  'standards',
  'ncas',
  'lpas',
  'subcatchments',
  'declarations',
] as const satisfies readonly RefDataType[];
/** A kind of reference data the operator can edit. */
export type EditableRefDataType = (typeof EDITABLE_REFDATA_TYPES)[number];

/** Whether a kind of reference data can be created and edited. */
export const isEditableRefDataType = (type: RefDataType): type is EditableRefDataType =>
  (EDITABLE_REFDATA_TYPES as readonly string[]).includes(type);

/** One row of the reference-data overview: a kind with how many items it holds. */
export interface RefDataTypeSummary {
  type: RefDataType;
  label: string;
  editable: boolean;
  count: number;
  activeCount: number;
}
