import { MESSAGES } from '@curlew/domain';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useLpaOptions } from './refdataApi.ts';
import {
  type FormValues,
  messagesByField,
  type RefDataField,
  type RefDataFormDefinition,
} from './refdataForms.ts';

/** Props of a reference-data form. */
export interface RefDataFormProps {
  definition: RefDataFormDefinition;
  initialValues: FormValues;
  submitLabel: string;
  /** Saves the values; a rejected ApiError shows its message on top and its field errors on the fields. */
  onSubmit: (values: FormValues) => Promise<void>;
  /** Shows every field's message from the start (editing a stored item) rather than once touched. */
  showAllErrors?: boolean;
  onCancel?: () => void;
}

/** The message of a field: its own path or the first of its items (`lpaCodes.2`). */
const messageFor = (messages: Record<string, string>, id: string): string | undefined =>
  messages[id] ?? Object.entries(messages).find(([path]) => path.startsWith(`${id}.`))?.[1];

function LpaCodesInput(props: {
  field: RefDataField;
  value: string[];
  error: string | undefined;
  onChange: (value: string[]) => void;
}) {
  const options = useLpaOptions();
  const data = useMemo(() => {
    const known = (options.data ?? []).map((lpa) => ({
      value: lpa.code,
      label: `${lpa.name} (${lpa.code})`,
    }));
    const knownCodes = new Set(known.map((option) => option.value));
    // Codes no longer active still show, so saving does not silently drop them.
    const others = props.value
      .filter((code) => !knownCodes.has(code))
      .map((code) => ({ value: code, label: code }));
    return [...known, ...others];
  }, [options.data, props.value]);
  return (
    <MultiSelect
      label={props.field.label}
      description={options.isError ? 'The list of LPAs could not be loaded' : props.field.description}
      data={data}
      value={props.value}
      onChange={props.onChange}
      searchable
      clearable
      error={props.error}
      placeholder={options.isPending ? 'Loading LPAs' : 'Search by name or code'}
    />
  );
}

/** A plain validated form for one reference item: the domain schema checks every change. */
export function RefDataForm({
  definition,
  initialValues,
  submitLabel,
  onSubmit,
  showAllErrors = false,
  onCancel,
}: RefDataFormProps) {
  const [values, setValues] = useState<FormValues>(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitTried, setSubmitTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errors = useMemo(() => messagesByField(definition.schema, values), [definition.schema, values]);
  const hasErrors = Object.keys(errors).length > 0;

  const setValue = (id: string, value: FormValues[string]) => {
    setValues((current) => ({ ...current, [id]: value }));
    setTouched((current) => (current.has(id) ? current : new Set(current).add(id)));
    setServerErrors((current) => {
      const next = Object.fromEntries(
        Object.entries(current).filter(([path]) => path !== id && !path.startsWith(`${id}.`)),
      );
      return Object.keys(next).length === Object.keys(current).length ? current : next;
    });
  };

  const errorOf = (id: string): string | undefined =>
    messageFor(serverErrors, id) ??
    (showAllErrors || submitTried || touched.has(id) ? messageFor(errors, id) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitTried(true);
    if (hasErrors || submitting) return;
    setSubmitting(true);
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, 'client');
      setFormError(apiError.message);
      setServerErrors(
        Object.fromEntries(apiError.fieldErrors.filter((e) => e.path).map((e) => [e.path, e.message])),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const input = (field: RefDataField) => {
    const value = values[field.id];
    const common = {
      label: field.label,
      description: field.description,
      error: errorOf(field.id),
      withAsterisk: !field.optional && field.kind !== 'switch',
    };
    switch (field.kind) {
      case 'switch':
        return (
          <Switch
            label={field.label}
            description={field.description}
            error={errorOf(field.id)}
            checked={value === true}
            onChange={(event) => setValue(field.id, event.currentTarget.checked)}
          />
        );
      case 'select':
        return (
          <Select
            {...common}
            data={field.options ?? []}
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => setValue(field.id, next ?? '')}
            allowDeselect={false}
          />
        );
      case 'lpaCodes':
        return (
          <LpaCodesInput
            field={field}
            value={Array.isArray(value) ? value : []}
            error={errorOf(field.id)}
            onChange={(next) => setValue(field.id, next)}
          />
        );
      case 'textarea':
        return (
          <Textarea
            {...common}
            rows={3}
            resize="vertical"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => setValue(field.id, event.currentTarget.value)}
          />
        );
      default:
        return (
          <TextInput
            {...common}
            type={field.kind === 'date' ? 'date' : 'text'}
            inputMode={field.kind === 'wholeNumber' ? 'numeric' : undefined}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => setValue(field.id, event.currentTarget.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" title="Not saved">
            {formError}
          </Alert>
        ) : null}
        {definition.fields.map((field) => (
          <div key={field.id}>
            {input(field)}
            {field.optional ? (
              <Text size="xs" c="dimmed">
                optional
              </Text>
            ) : null}
          </div>
        ))}
        {hasErrors ? (
          <Text size="sm" c="red.8" role="status">
            {MESSAGES.correctErrors}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" disabled={hasErrors} loading={submitting}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
