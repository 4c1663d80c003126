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
  /** The field's error and warning texts. */
  error: string | undefined;
  warning: string | undefined;
  /** Ids of the error and warning texts, for controls that show them through `FieldFeedback`. */
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

/**
 * The error and warning of a Mantine input, shown below it by Mantine (which then sets aria-invalid and
 * aria-describedby itself); the warning is the input's description, in orange.
 */
export const inputFeedback = ({
  error,
  warning,
}: {
  error: string | undefined;
  warning: string | undefined;
}) => ({
  error,
  description: warning,
  inputWrapperOrder: ['label', 'input', 'error', 'description'] satisfies (
    | 'label'
    | 'input'
    | 'error'
    | 'description'
  )[],
  styles: { description: { color: 'var(--mantine-color-orange-9)' } },
});

/** The error and warning of a Mantine checkbox or switch (they take no wrapper order). */
export const choiceFeedback = ({
  error,
  warning,
}: {
  error: string | undefined;
  warning: string | undefined;
}) => ({
  error,
  description: warning,
  styles: { description: { color: 'var(--mantine-color-orange-9)' } },
});

/** The value as text, or undefined for anything else. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Empty text is stored as undefined (SPEC 5 "Form engine"). */
export const emptyAsUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

/** Width of an input section holding a prefix or suffix text. */
export const sectionWidth = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Math.max(36, text.length * 9 + 16);
