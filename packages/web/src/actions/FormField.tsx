import type { FieldDefinition, FieldOption, FormValues, SubjectRef } from '@curlew/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldLabel, HintPopover, LabelContent } from './FieldLabel.tsx';
import { BooleanField } from './fields/BooleanField.tsx';
import { CheckboxField } from './fields/CheckboxField.tsx';
import { DateField } from './fields/DateField.tsx';
import { DateTimeField } from './fields/DateTimeField.tsx';
import { FileField } from './fields/FileField.tsx';
import type { FieldControlProps } from './fields/fieldProps.ts';
import { InputField } from './fields/InputField.tsx';
import { NumberField } from './fields/NumberField.tsx';
import { PasswordField } from './fields/PasswordField.tsx';
import { PhoneField } from './fields/PhoneField.tsx';
import { RichTextField } from './fields/RichTextField.tsx';
import { SelectField } from './fields/SelectField.tsx';
import { SelectMultiField } from './fields/SelectMultiField.tsx';
import { TextAreaField } from './fields/TextAreaField.tsx';
import { TimeField } from './fields/TimeField.tsx';
import { YesNoField } from './fields/YesNoField.tsx';
import { ReadonlyField } from './ReadonlyField.tsx';

type CommonProps = Omit<FieldControlProps<FieldDefinition>, 'field'>;

const control = (field: FieldDefinition, props: CommonProps): ReactNode => {
  switch (field.type) {
    case 'Input':
      return <InputField field={field} {...props} />;
    case 'Password':
      return <PasswordField field={field} {...props} />;
    case 'TextArea':
      return <TextAreaField field={field} {...props} />;
    case 'RichText':
      return <RichTextField field={field} {...props} />;
    case 'Number':
      return <NumberField field={field} {...props} />;
    case 'File':
      return <FileField field={field} {...props} />;
    case 'Select':
      return <SelectField field={field} {...props} />;
    case 'SelectMulti':
      return <SelectMultiField field={field} {...props} />;
    case 'YesNo':
      return <YesNoField field={field} {...props} />;
    case 'Date':
      return <DateField field={field} {...props} />;
    case 'Time':
      return <TimeField field={field} {...props} />;
    case 'DateTime':
      return <DateTimeField field={field} {...props} />;
    case 'Phone':
      return <PhoneField field={field} {...props} />;
    case 'Boolean':
      return <BooleanField field={field} {...props} />;
    case 'Checkbox':
      return <CheckboxField field={field} {...props} />;
  }
};

// Controls labelled by reference (several elements or an editor) rather than by a <label for>.
const LABELLED_BY_REFERENCE: readonly FieldDefinition['type'][] = ['YesNo', 'RichText'];
// Controls that show the error and warning themselves (Mantine inputs); the others get them below.
const SHOWS_OWN_FEEDBACK: readonly FieldDefinition['type'][] = [
  'Input',
  'Password',
  'TextArea',
  'Number',
  'File',
  'Select',
  'SelectMulti',
  'Date',
  'Time',
  'DateTime',
  'Boolean',
  'Checkbox',
  'Phone',
];
// Controls that carry their label beside themselves.
const OWN_LABEL: readonly FieldDefinition['type'][] = ['Boolean', 'Checkbox'];

/** Props of one field in a form. */
export interface FormFieldProps {
  field: FieldDefinition;
  formId: string;
  value: unknown;
  values: FormValues;
  subject: SubjectRef | undefined;
  error: string | undefined;
  warning: string | undefined;
  serverOptions: readonly FieldOption[] | undefined;
  onChange: (fieldId: string, value: unknown, options?: { fill?: boolean }) => void;
  onRefuse: (fieldId: string, message: string | undefined) => void;
}

/** Dom id of a field's control in a form. */
export const fieldInputId = (formId: string, fieldId: string): string =>
  `${formId}-${fieldId.replace(/\./g, '-')}`;

/** One field: its label with help and 'optional' tag, its control (or read-only value), error and warning. */
export function FormField({
  field,
  formId,
  value,
  values,
  subject,
  error,
  warning,
  serverOptions,
  onChange,
  onRefuse,
}: FormFieldProps) {
  const inputId = fieldInputId(formId, field.id);
  const labelId = `${inputId}-label`;
  if (field.readonly === true) {
    return (
      <ReadonlyField
        field={field}
        value={value}
        inputId={inputId}
        labelId={labelId}
        options={serverOptions ?? ('options' in field ? field.options : undefined)}
      />
    );
  }
  const errorId = `${inputId}-error`;
  const warningId = `${inputId}-warning`;
  const ownFeedback = SHOWS_OWN_FEEDBACK.includes(field.type);
  const describedBy =
    [error === undefined ? '' : errorId, warning === undefined ? '' : warningId].filter(Boolean).join(' ') ||
    undefined;
  const ownLabel = OWN_LABEL.includes(field.type);
  const props: CommonProps = {
    value,
    onChange: (next, options) => onChange(field.id, next, options),
    inputId,
    labelId,
    error,
    warning,
    describedBy,
    invalid: error !== undefined,
    label: <LabelContent field={field} />,
    values,
    subject,
    serverOptions,
    onRefuse: (message) => onRefuse(field.id, message),
    onChangeField: (fieldId, next) => onChange(fieldId, next),
  };
  return (
    <Stack gap={4} className={field.className} data-field={field.id}>
      {ownLabel ? (
        <Group gap={4} wrap="nowrap">
          {control(field, props)}
          <HintPopover field={field} />
        </Group>
      ) : (
        <>
          <FieldLabel
            field={field}
            labelId={labelId}
            htmlFor={LABELLED_BY_REFERENCE.includes(field.type) ? undefined : inputId}
          />
          {control(field, props)}
        </>
      )}
      {!ownFeedback && error !== undefined && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
      {!ownFeedback && warning !== undefined && (
        <Text id={warningId} size="sm" c="var(--curlew-color-warning)">
          {warning}
        </Text>
      )}
    </Stack>
  );
}
