import {
  DECLARATION_CATEGORIES,
  DECLARATION_CATEGORY_LABELS,
  declarationInputSchema,
  type EditableRefDataType,
  LPA_AUTHORITY_TYPES,
  lpaInputSchema,
  ncaInputSchema,
  projectTypeInputSchema,
  SUBCATCHMENT_NUTRIENT_LABELS,
  SUBCATCHMENT_NUTRIENTS,
  standardInputSchema,
  standardVersionInputSchema,
  subcatchmentInputSchema,
} from '@curlew/domain';
import type { RefDataRecord } from './refdataApi.ts';

/** How a field is edited. `lpaCodes` picks LPAs from the active list by their codes. */
export type FieldKind = 'text' | 'textarea' | 'wholeNumber' | 'date' | 'switch' | 'select' | 'lpaCodes';

/** One field of a reference-data form. */
export interface RefDataField {
  id: string;
  label: string;
  kind: FieldKind;
  optional?: boolean;
  description?: string;
  options?: readonly { value: string; label: string }[];
}

/** The values a form holds: text, booleans and lists of codes. */
export type FormValues = Record<string, string | boolean | string[]>;

/** The part of a zod schema the forms use. */
export interface FormSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A form for one kind: its fields, the shared domain schema, and the values of a new item. */
export interface RefDataFormDefinition {
  fields: readonly RefDataField[];
  schema: FormSchema;
  empty: FormValues;
}

const nameField: RefDataField = { id: 'name', label: 'Name', kind: 'text' };
const descriptionField: RefDataField = {
  id: 'description',
  label: 'Description',
  kind: 'textarea',
  optional: true,
};
const activeField: RefDataField = {
  id: 'active',
  label: 'Active',
  kind: 'switch',
  description: 'Inactive items stay on records but are no longer offered in forms',
};

/** The form of each editable kind; validation is the domain schema the server also uses. */
export const REFDATA_FORMS = {
  'project-types': {
    fields: [
      nameField,
      descriptionField,
      {
        id: 'incompatibleWithCurrentService',
        label: 'Incompatible with the current service',
        kind: 'switch',
        description: 'Choosing this type for a project removes its current service',
      },
      activeField,
    ],
    schema: projectTypeInputSchema,
    empty: { name: '', description: '', incompatibleWithCurrentService: false, active: true },
  },
  standards: {
    fields: [nameField, descriptionField, activeField],
    schema: standardInputSchema,
    empty: { name: '', description: '', active: true },
  },
  ncas: {
    fields: [{ id: 'number', label: 'Natural England number', kind: 'wholeNumber' }, nameField, activeField],
    schema: ncaInputSchema,
    empty: { number: '', name: '', active: true },
  },
  lpas: {
    fields: [
      { id: 'code', label: 'ONS code', kind: 'text', description: 'E60 followed by six digits' },
      nameField,
      {
        id: 'authorityType',
        label: 'Authority type',
        kind: 'select',
        options: LPA_AUTHORITY_TYPES.map((value) => ({ value, label: value })),
      },
      {
        id: 'ladCode',
        label: 'Area code',
        kind: 'text',
        optional: true,
        description: 'District, park or corporation',
      },
      { id: 'current', label: 'Current authority', kind: 'switch' },
      activeField,
    ],
    schema: lpaInputSchema,
    empty: { code: '', name: '', authorityType: '', ladCode: '', current: true, active: true },
  },
  subcatchments: {
    fields: [
      nameField,
      {
        id: 'nutrient',
        label: 'Nutrient',
        kind: 'select',
        options: SUBCATCHMENT_NUTRIENTS.map((value) => ({
          value,
          label: SUBCATCHMENT_NUTRIENT_LABELS[value],
        })),
      },
      { id: 'designatedSites', label: 'Designated sites', kind: 'textarea', optional: true },
      { id: 'lpaCodes', label: 'Local planning authorities', kind: 'lpaCodes', optional: true },
      activeField,
    ],
    schema: subcatchmentInputSchema,
    empty: { name: '', nutrient: '', designatedSites: '', lpaCodes: [], active: true },
  },
  declarations: {
    fields: [
      nameField,
      { id: 'text', label: 'Declaration text', kind: 'textarea' },
      {
        id: 'category',
        label: 'Category',
        kind: 'select',
        options: DECLARATION_CATEGORIES.map((value) => ({
          value,
          label: DECLARATION_CATEGORY_LABELS[value],
        })),
      },
      { id: 'isForAgents', label: 'For agents', kind: 'switch' },
      { id: 'isForParticipants', label: 'For participants', kind: 'switch' },
      activeField,
    ],
    schema: declarationInputSchema,
    empty: { name: '', text: '', category: '', isForAgents: false, isForParticipants: false, active: true },
  },
} as const satisfies Record<EditableRefDataType, RefDataFormDefinition>;

/** The form of a new standard version. */
export const STANDARD_VERSION_FORM: RefDataFormDefinition = {
  fields: [
    { id: 'version', label: 'Version', kind: 'text' },
    { id: 'effectiveDate', label: 'Effective date', kind: 'date' },
    { id: 'notes', label: 'Notes', kind: 'textarea', optional: true },
  ],
  schema: standardVersionInputSchema,
  empty: { version: '', effectiveDate: '', notes: '' },
};

/** The form values of a stored item: its fields' values, blanks for missing ones. */
export function formValuesOf(definition: RefDataFormDefinition, item: RefDataRecord): FormValues {
  const values: FormValues = { ...definition.empty };
  for (const field of definition.fields) {
    const value = item[field.id];
    if (typeof value === 'boolean') values[field.id] = value;
    else if (Array.isArray(value)) values[field.id] = value.map(String);
    else if (typeof value === 'number' || typeof value === 'string') values[field.id] = String(value);
  }
  return values;
}

/** The first message for each field path of a failed validation ({} when the values are valid). */
export function messagesByField(schema: FormSchema, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}
