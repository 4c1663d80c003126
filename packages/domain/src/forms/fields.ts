import type { FieldType } from '../vocab/fieldTypes.ts';

export type { FieldType } from '../vocab/fieldTypes.ts';

/** A JSON value: what travels between server and browser. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** A plain value a condition can compare against (Select/YesNo/Boolean/Number values). */
export type ConditionValue = string | number | boolean;

/** One choice of a Select or SelectMulti field. `value` is what is stored and submitted. */
export interface FieldOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** Offered only while every one of these conditions holds (e.g. a project of the market round chosen). */
  visibleWhen?: readonly FieldCondition[];
  /** Extensions (without dots) a File field whose `acceptFrom` names this field takes while this option is chosen. */
  accept?: readonly string[];
  /** Values other fields take when this option is chosen, by field id (see `OptionsSource.fills`). */
  fills?: Readonly<Record<string, string>>;
}

/**
 * Another field a loaded option fills in when it is chosen: `fieldId` takes the value at `key` of the option's
 * record (a dotted path), translated through `map` when it names that value (e.g. a habitat type's distinctiveness).
 */
export interface FieldOptionFill {
  fieldId: string;
  key: string;
  map?: Readonly<Record<string, string>>;
}

/**
 * Where a Select or SelectMulti field loads its options from.
 * `url` is an API path like a self link, without the `/api` prefix (e.g. `/settings/project-types?active=true`).
 * The answer is either an array of records or an object with an `items` array; each record gives the option
 * value from `valueKey` and its label from `labelKey` (both may be dotted paths, e.g. `organisation.name`).
 * `params` adds query parameters taken from other fields: `{ broadHabitat: 'broadHabitatId' }` appends
 * `broadHabitat=<value of field broadHabitatId>`; while such a field is blank no request is made.
 * Option lists are cached per full address (after params) for 60 s in the browser.
 */
export interface OptionsSource {
  url: string;
  valueKey: string;
  labelKey: string;
  params?: Readonly<Record<string, string>>;
  /** Like `params`, but a blank field leaves its parameter out instead of holding the request back. */
  optionalParams?: Readonly<Record<string, string>>;
  /** Other fields a chosen option fills in from its record; the user may still change them. */
  fills?: readonly FieldOptionFill[];
}

/**
 * Shows a field only when another field's value matches. `fieldId` names the other field.
 * `oneOf`: its value (or, for a list, any of its values) is one of these. `notOneOf`: it is none of these
 * and not blank. `filled`: it is (true) or is not (false) blank. `atLeast`: it is a number at least this one
 * (fractions included, e.g. 2.5 is at least 2). Every given test must pass.
 * A hidden field is left out of validation and of the submission.
 */
export interface FieldCondition {
  fieldId: string;
  oneOf?: readonly ConditionValue[];
  notOneOf?: readonly ConditionValue[];
  filled?: boolean;
  atLeast?: number;
}

/** Named display formats a read-only field may use. */
const FIELD_FORMATTERS = ['currency', 'credits', 'percentage', 'date', 'dateTime', 'fileSize'] as const;
/** One display format of a read-only field. */
export type FieldFormatter = (typeof FIELD_FORMATTERS)[number];

/**
 * What every field definition has (SPEC 3 "Form field definition"). All of it is plain JSON so it can be
 * sent to the browser as is.
 */
export interface FieldBase<T extends FieldType> {
  /** Path of the value in the form values; dots nest (`nextAction.date`). Also the multipart part name of a file. */
  id: string;
  type: T;
  /** Plain-text label. */
  label?: string;
  /** Label with a small safe HTML subset (b, strong, i, em, u, br, a, code, sub, sup); used instead of `label`. */
  htmlLabel?: string;
  /** Help shown in a popup next to the label; the same safe HTML subset. */
  hint?: string;
  /** Name of an icon shown in the input. */
  icon?: string;
  /** Extra CSS class of the field's wrapper. */
  className?: string;
  /** Text shown before the input (e.g. '£'). */
  prefix?: string;
  /** Text shown after the input (e.g. 'ha', '%'). */
  suffix?: string;
  /** Shows the 'optional' tag. Whether a blank value is accepted is the zod input schema's decision. */
  optional?: boolean;
  /** Shown but not editable; its value is still submitted. */
  readonly?: boolean;
  /** The HTML autocomplete token of the input. */
  autocomplete?: string;
  /** Display format when read-only. */
  formatter?: FieldFormatter;
  /**
   * Behaviour around blank values: `text` is shown instead of the input when the field is read-only and blank;
   * with `hide` the field is hidden while it has a value (SPEC 5 "Form engine").
   */
  ifBlank?: { text?: string; hide?: boolean };
  /** Fields whose change resets this field to blank (e.g. a habitat type that depends on the broad habitat). */
  dependsOn?: readonly string[];
  /** Shows the field only when a condition on another field holds. */
  visibleWhen?: FieldCondition;
}

/** A one-line text input; value `string | undefined` (empty text is stored as undefined). */
export interface InputField extends FieldBase<'Input'> {
  value?: string;
}
/** A password input; value `string | undefined`. */
export interface PasswordField extends FieldBase<'Password'> {
  value?: string;
}
/** A multi-line text input; value `string | undefined`. */
export interface TextAreaField extends FieldBase<'TextArea'> {
  rows?: number;
  value?: string;
}
/** A Lexical rich-text editor; value `RichTextValue | undefined` ({ json, text }). */
export interface RichTextField extends FieldBase<'RichText'> {
  rows?: number;
  /** Offers '@' mentions of the users who may see the entity the form acts on (as comments do). */
  mentions?: boolean;
}
/** A number input; value `number | undefined`. */
export interface NumberField extends FieldBase<'Number'> {
  min?: number;
  max?: number;
  step?: number;
  /** Digits after the decimal point allowed; 0 for whole numbers. */
  decimals?: number;
  value?: number;
}
/**
 * A single file; the browser holds a `File`, the server an `UploadedFile` descriptor.
 * `accept` lists allowed extensions without the dot (e.g. ['pdf', 'xlsx', 'zip']); executables and disk
 * images are always refused.
 */
export interface FileField extends FieldBase<'File'> {
  accept?: readonly string[];
  /** A Select field whose chosen option's `accept` replaces this field's (e.g. the kind of document replaced). */
  acceptFrom?: string;
}
/** Options given inline or loaded from an API source (server-sent options in the form data win). */
export interface ChoiceSource {
  options?: readonly FieldOption[];
  optionsSource?: OptionsSource;
  /** Text shown when nothing is chosen. */
  placeholder?: string;
}
/** A single choice; value the chosen option's `string | undefined`. */
export interface SelectField extends FieldBase<'Select'>, ChoiceSource {
  value?: string;
}
/** Several choices; value `string[]` (blank is `[]` or undefined). */
export interface SelectMultiField extends FieldBase<'SelectMulti'>, ChoiceSource {
  value?: readonly string[];
}
/** A Yes/No question; value `true`, `false` or undefined (not answered yet). */
export interface YesNoField extends FieldBase<'YesNo'> {
  value?: boolean;
}
/** A calendar date; value an ISO date `yyyy-MM-dd`. */
export interface DateField extends FieldBase<'Date'> {
  value?: string;
}
/** A time of day; value `HH:mm` from 00:00 to 23:59. */
export interface TimeField extends FieldBase<'Time'> {
  value?: string;
}
/** A date and time; value an ISO 8601 instant (`2025-05-01T09:30:00.000Z`). */
export interface DateTimeField extends FieldBase<'DateTime'> {
  value?: string;
}
/** A phone number with a forced dial code (United Kingdom first); value E.164-like `+447700900123`. */
export interface PhoneField extends FieldBase<'Phone'> {
  value?: string;
}
/** An on/off switch; value `boolean` (blank counts as false). */
export interface BooleanField extends FieldBase<'Boolean'> {
  value?: boolean;
}
/** A single tick box, e.g. an agreement; value `boolean`. */
export interface CheckboxField extends FieldBase<'Checkbox'> {
  value?: boolean;
}

/** Any field definition, discriminated by `type`. */
export type FieldDefinition =
  | InputField
  | PasswordField
  | TextAreaField
  | RichTextField
  | NumberField
  | FileField
  | SelectField
  | SelectMultiField
  | YesNoField
  | DateField
  | TimeField
  | DateTimeField
  | PhoneField
  | BooleanField
  | CheckboxField;

/** The field definition of one field type. */
export type FieldOfType<T extends FieldType> = Extract<FieldDefinition, { type: T }>;

/**
 * A group of fields shown together (SPEC 3 "Form group"). A collapsible group (the default) starts open only
 * with `defaultOpen`; a non-collapsible group is always open.
 */
export interface FormGroup {
  id: string;
  label?: string;
  description?: string;
  collapsible?: boolean;
  defaultOpen?: boolean;
  fieldIds: readonly string[];
}

/**
 * One page of a multi-step form inside a single action: the fields shown on it (`fieldIds`, plus every field of
 * `groupIds`). 'Next' moves on when the page's fields are valid, 'Previous' goes back, the last page submits.
 */
export interface FormStep {
  id: string;
  title: string;
  fieldIds?: readonly string[];
  groupIds?: readonly string[];
}
