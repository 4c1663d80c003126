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
} from '@curlew/domain';
import { useCallback, useMemo, useState } from 'react';
import { findActionDefinition } from './registry.ts';

/** The values a form starts with: the server's initial values, every declaration unanswered (false). */
export const startingValues = (formData: ActionFormData): FormValues =>
  formData.declarations.reduce((values, declaration) => {
    const path = `${DECLARATIONS_FIELD}.${declaration.id}`;
    return getPath(values, path) === undefined ? setPath(values, path, false) : values;
  }, formData.initialValues);

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
  setValue: (fieldId: string, value: unknown) => void;
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
  const [serverErrors, setServerErrors] = useState<readonly FormIssue[]>([]);
  const [refusals, setRefusals] = useState<Readonly<Record<string, string>>>({});

  const errors = useMemo(() => {
    const refused = Object.entries(refusals).map(([path, message]) => ({ path, message }));
    const schemaErrors = definition === undefined ? [] : validateAction(definition, values).errors;
    return distinct([...refused, ...schemaErrors, ...serverErrors]);
  }, [definition, values, serverErrors, refusals]);

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
    (fieldId: string, value: unknown) => {
      setValues((current) => {
        if (Object.is(getPath(current, fieldId), value)) return current;
        return dependentFieldIds(fields, fieldId).reduce(
          (next, dependent) => setPath(next, dependent, undefined),
          setPath(current, fieldId, value),
        );
      });
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

  const submissionValues = useCallback(() => activeValues(fields, values), [fields, values]);

  return { definition, values, errors, warnings, setValue, refuse, setServerErrors, submissionValues };
}

/** The first issue of a field (its own path or a path inside it). */
export const issueOf = (issues: readonly FormIssue[], fieldId: string): string | undefined =>
  issues.find((issue) => belongsTo(issue.path, fieldId))?.message;

/** The issues of some fields. */
export const issuesOf = (issues: readonly FormIssue[], fieldIds: readonly string[]): readonly FormIssue[] =>
  issues.filter((issue) => fieldIds.some((fieldId) => belongsTo(issue.path, fieldId)));
