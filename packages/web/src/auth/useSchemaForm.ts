import { type ChangeEvent, type FormEvent, useCallback, useMemo, useState } from 'react';
import { ApiError } from '../app/api.ts';

/** The part of a zod schema the forms use (kept structural so the web app needs no direct zod import). */
export interface FormSchema<Output> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message for each field path ('a.b') of a failed validation. */
function messagesByField<Output>(schema: FormSchema<Output>, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}

/** Props for a Mantine text input bound to one form field. */
export interface BoundInputProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/**
 * A form of text fields validated with a shared zod schema on every change. Messages show once a field was
 * touched or a submit was tried; server field errors show until that field changes; typed input is never reset.
 */
export function useSchemaForm<Field extends string, Output>(
  schema: FormSchema<Output>,
  initial: Record<Field, string>,
) {
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitTried, setSubmitTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errors = useMemo(() => messagesByField(schema, values), [schema, values]);
  const isValid = Object.keys(errors).length === 0;

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const touch = useCallback((field: Field) => {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }, []);

  const errorOf = (field: Field): string | undefined =>
    serverErrors[field] ?? (touched.has(field) || submitTried ? errors[field] : undefined);

  const inputProps = (field: Field): BoundInputProps => ({
    name: field,
    value: values[field],
    error: errorOf(field),
    onChange: (event) => {
      setValue(field, event.currentTarget.value);
      touch(field);
    },
    onBlur: () => touch(field),
  });

  /** Props for an input that reports a plain value rather than an event (phone, radio group). */
  const valueProps = (field: Field) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (value: string) => {
      setValue(field, value);
      touch(field);
    },
    onBlur: () => touch(field),
  });

  /** Wraps a submit handler: validates first, then shows server errors on the form and its fields. */
  const onSubmit =
    (handler: (data: Output) => Promise<void>) => async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      setSubmitTried(true);
      const parsed = schema.safeParse(values);
      if (!parsed.success || submitting) return;
      setSubmitting(true);
      setFormError(null);
      try {
        await handler(parsed.data);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, 'client');
        setFormError(apiError);
        setServerErrors(
          Object.fromEntries(apiError.fieldErrors.filter((e) => e.path).map((e) => [e.path, e.message])),
        );
      } finally {
        setSubmitting(false);
      }
    };

  return {
    values,
    setValue,
    touch,
    errors,
    errorOf,
    isValid,
    inputProps,
    valueProps,
    onSubmit,
    submitting,
    formError,
    setFormError,
  };
}
