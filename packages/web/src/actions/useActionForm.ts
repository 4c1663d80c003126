import {
  type ActionFormData,
  type AnyActionDefinition,
  actionWarnings,
  activeValues,
  DECLARATIONS_FIELD,
  dependentFieldIds,
  type FormIssue,
  type FormValues,
  getPath,
  setPath,
  validateAction,
  withoutInactiveDeclarations,
} from '@curlew/domain';
import { useCallback, useMemo, useState } from 'react';
import { findActionDefinition } from './registry.ts';

// A record's empty columns arrive as null: in a form they are blank fields (undefined), as the shared rules expect.
// Only the fields themselves: a value's own content (a rich text's JSON) is kept as it is.
const withoutNulls = (values: FormValues): FormValues =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));

/**
 * The values a form starts with: the server's initial values (a null one is a blank field), every declaration
 * unanswered (false).
 */
const startingValues = (formData: ActionFormData): FormValues =>
  formData.declarations.reduce((values, declaration) => {
    const path = `${DECLARATIONS_FIELD}.${declaration.id}`;
    return getPath(values, path) === undefined ? setPath(values, path, false) : values;
  }, withoutNulls(formData.initialValues));

// Form values are JSON-like data and chosen files: files are the same only when they are the same object, and a
// blank (undefined) entry equals a missing one.
const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameValue(item, b[i]))
    );
  const plain = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
  if (!plain(a) || !plain(b)) return false;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => sameValue(a[key], b[key]));
};

/** How a value was set: `fill` when the form filled it in itself (a choice with one option), not the user. */
export interface SetValueOptions {
  fill?: boolean;
}

const belongsTo = (path: string, fieldId: string): boolean =>
  path === fieldId || path.startsWith(`${fieldId}.`);

const distinct = (issues: readonly FormIssue[]): readonly FormIssue[] =>
  issues.filter(
    (issue, index) =>
      issues.findIndex((other) => other.path === issue.path && other.message === issue.message) === index,
  );

/** The state of an action form: values, errors (refused files, the shared schema's, the server's) and warnings. */
export interface ActionFormState {
  /** The registered domain definition, when the browser knows it (else only the server validates). */
  definition: AnyActionDefinition | undefined;
  values: FormValues;
  errors: readonly FormIssue[];
  warnings: readonly FormIssue[];
  /** Whether the values differ from those the form started with (the user changed something). */
  dirty: boolean;
  setValue: (fieldId: string, value: unknown, options?: SetValueOptions) => void;
  refuse: (fieldId: string, message: string | undefined) => void;
  setServerErrors: (errors: readonly FormIssue[]) => void;
  /** The values to submit: inactive (`visibleWhen`) fields left out. */
  submissionValues: () => FormValues;
}

/**
 * Holds an action form's values and validates them on load and on every change with the same zod schema the
 * server uses (looked up by entity and action id unless given); a change resets the fields that depend on it.
 */
export function useActionForm(
  formData: ActionFormData,
  ownDefinition?: AnyActionDefinition,
): ActionFormState {
  const { fields, entity, id } = formData.definition;
  const definition = ownDefinition ?? findActionDefinition(entity, id);
  const [values, setValues] = useState<FormValues>(() => startingValues(formData));
  const [baseline, setBaseline] = useState<FormValues>(() => startingValues(formData));
  const [serverErrors, setServerErrors] = useState<readonly FormIssue[]>([]);
  const [refusals, setRefusals] = useState<Readonly<Record<string, string>>>({});

  // Answers to declarations not asked for the current values (another round's) are neither checked nor sent.
  const asked = useMemo(
    () => withoutInactiveDeclarations(formData.declarations, values, DECLARATIONS_FIELD),
    [formData.declarations, values],
  );

  const errors = useMemo(() => {
    const refused = Object.entries(refusals).map(([path, message]) => ({ path, message }));
    const schemaErrors = definition === undefined ? [] : validateAction(definition, asked).errors;
    return distinct([...refused, ...schemaErrors, ...serverErrors]);
  }, [definition, asked, serverErrors, refusals]);

  const warnings = useMemo(
    () => [
      ...formData.warnings,
      ...(definition === undefined
        ? []
        : actionWarnings(definition, activeValues(fields, values), formData.settings)),
    ],
    [definition, fields, formData.warnings, formData.settings, values],
  );

  const setValue = useCallback(
    (fieldId: string, value: unknown, options?: SetValueOptions) => {
      const change = (current: FormValues) => {
        if (Object.is(getPath(current, fieldId), value)) return current;
        return dependentFieldIds(fields, fieldId).reduce(
          (next, dependent) => setPath(next, dependent, undefined),
          setPath(current, fieldId, value),
        );
      };
      setValues(change);
      if (options?.fill === true) setBaseline(change);
      setServerErrors((current) => current.filter((issue) => !belongsTo(issue.path, fieldId)));
    },
    [fields],
  );

  const refuse = useCallback((fieldId: string, message: string | undefined) => {
    setRefusals((current) => {
      const { [fieldId]: _previous, ...others } = current;
      return message === undefined ? others : { ...others, [fieldId]: message };
    });
  }, []);

  const submissionValues = useCallback(() => activeValues(fields, asked), [fields, asked]);

  const dirty = useMemo(() => !sameValue(values, baseline), [values, baseline]);

  return {
    definition,
    values,
    errors,
    warnings,
    dirty,
    setValue,
    refuse,
    setServerErrors,
    submissionValues,
  };
}

/** The first issue of a field (its own path or a path inside it). */
export const issueOf = (issues: readonly FormIssue[], fieldId: string): string | undefined =>
  issues.find((issue) => belongsTo(issue.path, fieldId))?.message;

/** The issues of some fields. */
export const issuesOf = (issues: readonly FormIssue[], fieldIds: readonly string[]): readonly FormIssue[] =>
  issues.filter((issue) => fieldIds.some((fieldId) => belongsTo(issue.path, fieldId)));
