import type { FieldDefinition, FieldOption, FormValues, SubjectRef } from '@curlew/domain';
import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';

/** What the form gives every field control. */
export interface FieldControlProps<F extends FieldDefinition> {
  field: F;
  value: unknown;
  /** Sets the value; `fill` when the control fills it in itself, which is no change by the user. */
  onChange: (value: unknown, options?: { fill?: boolean }) => void;
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
  /** The entity the form acts on; undefined for an action on a collection. */
  subject: SubjectRef | undefined;
  /** Options the server sent for this field, if any. */
  serverOptions: readonly FieldOption[] | undefined;
  /** Reports (or clears, with undefined) a problem with what the user chose that keeps it out of the value. */
  onRefuse: (message: string | undefined) => void;
  /** Sets another field's value (what a chosen option fills in, `FieldOption.fills`). */
  onChangeField: (fieldId: string, value: unknown) => void;
}

/** The error and warning texts a field shows. */
interface FieldFeedback {
  error: string | undefined;
  warning: string | undefined;
}

/** The error and warning of a Mantine checkbox or switch (they take no wrapper order). */
const choiceFeedback = ({ error, warning }: FieldFeedback) => ({
  error,
  description: warning,
  styles: { description: { color: 'var(--curlew-color-warning)' } },
});

/**
 * The error and warning of a Mantine input, shown below it by Mantine (which then sets aria-invalid and
 * aria-describedby itself); the warning is the input's description, in orange.
 */
export const inputFeedback = (feedback: FieldFeedback) => ({
  ...choiceFeedback(feedback),
  inputWrapperOrder: ['label', 'input', 'error', 'description'] satisfies (
    | 'label'
    | 'input'
    | 'error'
    | 'description'
  )[],
});

/** The value as text, or undefined for anything else. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Empty text is stored as undefined (SPEC 5 "Form engine"). */
export const emptyAsUndefined = (text: string): string | undefined => (text === '' ? undefined : text);

/** Width of an input section holding a prefix or suffix text. */
export const sectionWidth = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Math.max(36, text.length * 9 + 16);

type BoundControlProps = Pick<
  FieldControlProps<FieldDefinition>,
  'value' | 'onChange' | 'inputId' | 'error' | 'warning'
>;

/** Id, text, change handler and feedback of a Mantine text-like input; empty text is stored as undefined. */
export const textInputProps = ({ value, onChange, inputId, error, warning }: BoundControlProps) => ({
  id: inputId,
  value: textOf(value) ?? '',
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(emptyAsUndefined(event.currentTarget.value)),
  ...inputFeedback({ error, warning }),
});

/**
 * Id, own label, checked state, change handler and feedback of a Mantine checkbox or switch; in error it carries
 * `aria-invalid` as text inputs do (Mantine marks only its look).
 */
export const checkedInputProps = ({
  value,
  onChange,
  inputId,
  error,
  warning,
  label,
}: BoundControlProps & Pick<FieldControlProps<FieldDefinition>, 'label'>) => ({
  id: inputId,
  label,
  checked: value === true,
  onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.checked),
  'aria-invalid': error !== undefined,
  ...choiceFeedback({ error, warning }),
});

/**
 * Withdraws a control's refusal when the control goes (hidden by a condition, or on another step's page), so no
 * error stays on a field that is no longer there.
 */
export function useRefusalWithdrawnOnUnmount(onRefuse: (message: string | undefined) => void): void {
  const latest = useRef(onRefuse);
  latest.current = onRefuse;
  useEffect(() => () => latest.current(undefined), []);
}
