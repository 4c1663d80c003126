import {
  type AnyActionDefinition,
  DECLARATION_CATEGORIES,
  DECLARATION_CATEGORY_LABELS,
  declarationInputSchema,
  defineAction,
  type EditableRefDataType,
  type FieldDefinition,
  type FieldOption,
  type FormValues,
  LPA_AUTHORITY_TYPES,
  lpaInputSchema,
  ncaInputSchema,
  projectTypeInputSchema,
  SUBCATCHMENT_NUTRIENT_LABELS,
  SUBCATCHMENT_NUTRIENTS,
  setPath,
  standardInputSchema,
  standardVersionInputSchema,
  subcatchmentInputSchema,
} from '@curlew/domain';
import type { RefDataRecord } from './refdataApi.ts';

/**
 * The reference-data forms, described as field definitions and rendered by the generic action form, which
 * validates them with the same domain schemas the server parses. They are settings, not entity actions (SPEC 2:
 * "Reference-data settings have none"), so they live here and are never registered with the server.
 */
const REFDATA_FORM_ENTITY = 'refdata';

const nameField = { id: 'name', type: 'Input', label: 'Name' } as const satisfies FieldDefinition;
const descriptionField = {
  id: 'description',
  type: 'TextArea',
  label: 'Description',
  optional: true,
  rows: 3,
} as const satisfies FieldDefinition;
const activeField = {
  id: 'active',
  type: 'Boolean',
  label: 'Active',
  hint: 'Inactive items stay on records but are no longer offered in forms',
  value: true,
} as const satisfies FieldDefinition;

const choices = <Value extends string>(
  values: readonly Value[],
  label: (value: Value) => string = (value) => value,
): FieldOption[] => values.map((value) => ({ value, label: label(value) }));

/** The create and edit form of each editable kind. */
export const REFDATA_FORMS = {
  'project-types': defineAction({
    id: 'SaveProjectType',
    entity: REFDATA_FORM_ENTITY,
    title: 'Project type',
    fields: [
      nameField,
      descriptionField,
      {
        id: 'incompatibleWithCurrentService',
        type: 'Boolean',
        label: 'Incompatible with the current service',
        hint: 'Choosing this type for a project removes its current service',
        value: false,
      },
      activeField,
    ],
    input: projectTypeInputSchema,
  }),
  standards: defineAction({
    id: 'SaveStandard',
    entity: REFDATA_FORM_ENTITY,
    title: 'Standard',
    fields: [nameField, descriptionField, activeField],
    input: standardInputSchema,
  }),
  ncas: defineAction({
    id: 'SaveNca',
    entity: REFDATA_FORM_ENTITY,
    title: 'National character area',
    fields: [
      { id: 'number', type: 'Number', label: 'Natural England number', decimals: 0, min: 1 },
      nameField,
      activeField,
    ],
    input: ncaInputSchema,
  }),
  lpas: defineAction({
    id: 'SaveLpa',
    entity: REFDATA_FORM_ENTITY,
    title: 'Local planning authority',
    fields: [
      { id: 'code', type: 'Input', label: 'ONS code', hint: 'E60 followed by six digits' },
      nameField,
      {
        id: 'authorityType',
        type: 'Select',
        label: 'Authority type',
        options: choices(LPA_AUTHORITY_TYPES),
      },
      {
        id: 'ladCode',
        type: 'Input',
        label: 'Area code',
        optional: true,
        hint: 'District, park or corporation',
      },
      { id: 'current', type: 'Boolean', label: 'Current authority', value: true },
      activeField,
    ],
    input: lpaInputSchema,
  }),
  subcatchments: defineAction({
    id: 'SaveSubcatchment',
    entity: REFDATA_FORM_ENTITY,
    title: 'Subcatchment',
    fields: [
      nameField,
      {
        id: 'nutrient',
        type: 'Select',
        label: 'Nutrient',
        options: choices(SUBCATCHMENT_NUTRIENTS, (value) => SUBCATCHMENT_NUTRIENT_LABELS[value]),
      },
      { id: 'designatedSites', type: 'TextArea', label: 'Designated sites', optional: true, rows: 3 },
      // Options are the active LPAs plus any stored code no longer active (see `lpaCodeOptions`).
      {
        id: 'lpaCodes',
        type: 'SelectMulti',
        label: 'Local planning authorities',
        optional: true,
        placeholder: 'Search by name or code',
        value: [],
      },
      activeField,
    ],
    input: subcatchmentInputSchema,
  }),
  declarations: defineAction({
    id: 'SaveDeclaration',
    entity: REFDATA_FORM_ENTITY,
    title: 'Declaration',
    fields: [
      nameField,
      { id: 'text', type: 'TextArea', label: 'Declaration text', rows: 3 },
      {
        id: 'category',
        type: 'Select',
        label: 'Category',
        options: choices(DECLARATION_CATEGORIES, (value) => DECLARATION_CATEGORY_LABELS[value]),
      },
      { id: 'isForAgents', type: 'Boolean', label: 'For agents', value: false },
      { id: 'isForParticipants', type: 'Boolean', label: 'For participants', value: false },
      activeField,
    ],
    input: declarationInputSchema,
  }),
} as const satisfies Record<EditableRefDataType, AnyActionDefinition>;

/** The form of a new standard version. */
export const STANDARD_VERSION_FORM = defineAction({
  id: 'AddStandardVersion',
  entity: REFDATA_FORM_ENTITY,
  title: 'Add version',
  actionLabel: 'Add version',
  fields: [
    { id: 'version', type: 'Input', label: 'Version' },
    { id: 'effectiveDate', type: 'Date', label: 'Effective date' },
    { id: 'notes', type: 'TextArea', label: 'Notes', optional: true, rows: 3 },
  ],
  input: standardVersionInputSchema,
});

/** The form values of a stored item: its fields' values (a missing or null value is blank). */
export function formValuesOf(definition: AnyActionDefinition, item: RefDataRecord): FormValues {
  return definition.fields.reduce<FormValues>((values, field) => {
    const value = item[field.id];
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') {
      return setPath(values, field.id, value);
    }
    if (Array.isArray(value)) return setPath(values, field.id, value.map(String));
    return values;
  }, {});
}

/** The choices of a subcatchment's LPAs: the active ones by name and code, then stored codes no longer active. */
export function lpaCodeOptions(
  active: readonly { code: string; name: string }[],
  stored: readonly string[],
): FieldOption[] {
  const known = active.map((lpa) => ({ value: lpa.code, label: `${lpa.name} (${lpa.code})` }));
  const knownCodes = new Set(known.map((option) => option.value));
  // Codes no longer active still show, so saving does not silently drop them.
  const others = stored.filter((code) => !knownCodes.has(code)).map((code) => ({ value: code, label: code }));
  return [...known, ...others];
}
