/** Field types of the form engine (SPEC 3 "Form field definition"). */
export const FIELD_TYPES = [
  'Input',
  'Password',
  'TextArea',
  'RichText',
  'Number',
  'File',
  'Select',
  'SelectMulti',
  'YesNo',
  'Date',
  'Time',
  'DateTime',
  'Phone',
  'Boolean',
  'Checkbox',
] as const;
/** One form field type. */
export type FieldType = (typeof FIELD_TYPES)[number];
