import type { FieldDefinition, FieldOption, FormValues } from '@curlew/domain';
import type { ReactNode } from 'react';

/** What the form gives every field control. */
export interface FieldControlProps<F extends FieldDefinition> {
  field: F;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Id of the focusable control, the target of the field's label. */
  inputId: string;
  /** Id of the label element, for controls labelled by reference (radio groups, editors). */
  labelId: string;
  /** Ids of the error and warning texts. */
  describedBy: string | undefined;
  invalid: boolean;
  /** The label content, for controls that carry their own label (Checkbox, Boolean). */
  label: ReactNode;
  /** All form values, for option sources that take parameters from other fields. */
  values: FormValues;
  /** Options the server sent for this field, if any. */
  serverOptions: readonly FieldOption[] | undefined;
  /** Reports (or clears, with undefined) a problem with what the user chose that keeps it out of the value. */
  onRefuse: (message: string | undefined) => void;
}

/** The value as text, or undefined for anything else. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Empty text is stored as undefined (SPEC 5 "Form engine"). */
export const emptyAsUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

/** Width of an input section holding a prefix or suffix text. */
export const sectionWidth = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Math.max(36, text.length * 9 + 16);
