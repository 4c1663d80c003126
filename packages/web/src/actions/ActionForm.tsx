import {
  type ActionFormData,
  type ActionResult,
  type AnyActionDefinition,
  actionSubmissionPath,
  activeDeclarations,
  DECLARATIONS_FIELD,
  displayedFields,
  type FieldDefinition,
  type FormValues,
  fileFieldIds,
  getPath,
  isFieldShown,
  stepFieldIds,
} from '@curlew/domain';
import { Alert, Button, Checkbox, Group, List, Stack, Stepper, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../app/api.ts';
import { useApi } from './ActionsConfig.tsx';
import { postSubmission, subjectOfSelf } from './actionApi.ts';
import { CHECK_ANSWERS_TITLE, CheckAnswers } from './CheckAnswers.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { fieldName } from './FieldLabel.tsx';
import { FormField, fieldInputId } from './FormField.tsx';
import { FormGroupSection } from './FormGroupSection.tsx';
import { findFormExtra } from './formExtras.ts';
import { issueOf, issuesOf, useActionForm } from './useActionForm.ts';

/** Props of an action form. */
export interface ActionFormProps {
  formData: ActionFormData;
  /** The self link the form was opened on (`/organisation/123`, or the collection for a create action). */
  self: string;
  onSucceeded: (result: ActionResult) => void;
  /** Closes the form; without it the form shows no Cancel button (a form that is part of a page). */
  onCancel?: () => void;
  /** Goes back to the previous step's action of a server-driven flow (`formData.previous`). */
  onPrevious?: (actionId: string) => void;
  /** The definition to validate with when it is not a registered domain action (e.g. a settings form). */
  definition?: AnyActionDefinition;
  /** Saves the values itself instead of POSTing them to the action's address (a settings form's own call). */
  submit?: (values: FormValues) => Promise<ActionResult>;
  /** Title of the banner of a failed submit (default 'The action failed'). */
  failureTitle?: string;
  /** Told whether the values differ from those the form opened with, whenever that changes. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Text of the step button of a multi-step form before its last page. */
const NEXT_STEP_LABEL = 'Next';
/** Text of the button returning to the previous step. */
const PREVIOUS_STEP_LABEL = 'Previous';
/** Text of the button going on to the check-answers step. */
const CONTINUE_LABEL = 'Continue';

/** What the banner says about a failed submit: the error's cause, else its message (SPEC 8). */
export const failureText = (error: unknown): string => {
  if (error instanceof ApiError) return error.bannerText;
  if (error instanceof Error) {
    const { cause } = error;
    if (cause instanceof Error) return cause.message;
    if (typeof cause === 'string') return cause;
    return error.message;
  }
  return String(error);
};

/** A File field with `acceptFrom` takes the extensions of the option chosen in that field, when it lists some. */
const withChosenAccept = (
  field: FieldDefinition,
  values: FormValues,
  fields: readonly FieldDefinition[],
  serverOptions: ActionFormData['options'],
): FieldDefinition => {
  if (field.type !== 'File' || field.acceptFrom === undefined) return field;
  const source = fields.find((candidate) => candidate.id === field.acceptFrom);
  const options =
    serverOptions[field.acceptFrom] ?? (source && 'options' in source ? source.options : undefined);
  const chosen = getPath(values, field.acceptFrom);
  const accept = options?.find((option) => option.value === chosen)?.accept;
  return accept === undefined ? field : { ...field, accept };
};

/**
 * Renders any action definition sent by the server and submits it: fields, groups, steps, declarations,
 * validation with the shared schema on load and on every change, warnings, the error banner and the buttons.
 */
export function ActionForm({
  formData,
  self,
  onSucceeded,
  onCancel,
  onPrevious,
  definition,
  submit: ownSubmit,
  failureTitle = 'The action failed',
  onDirtyChange,
}: ActionFormProps) {
  const client = useApi();
  const formId = useId();
  const form = useActionForm(formData, definition);
  useEffect(() => onDirtyChange?.(form.dirty), [form.dirty, onDirtyChange]);
  const { definition: wire } = formData;
  const declarations = activeDeclarations(formData.declarations, form.values);
  const { groups, steps } = wire;
  // Labels and units that follow other answers (the domain definition's `display`).
  const fields = displayedFields(form.definition, wire.fields, form.values, formData.settings);
  const [stepIndex, setStepIndex] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [banner, setBanner] = useState<string | undefined>();
  const subject = subjectOfSelf(self);

  // A check-answers action ends with a page listing the answers (when there are any) and submits from there.
  const fieldPages = Math.max(steps.length, 1);
  const answered = fields.filter((field) => field.readonly !== true && isFieldShown(field, form.values));
  const declarationPaths = declarations.map((prompt) => ({
    prompt,
    path: `${DECLARATIONS_FIELD}.${prompt.id}`,
  }));
  const hasCheck = wire.confirm === 'check-answers' && (answered.length > 0 || declarationPaths.length > 0);
  const onCheckPage = hasCheck && stepIndex >= fieldPages;
  // After a Change link the page goes straight back to the answers.
  const [returning, setReturning] = useState(false);
  const [focusPath, setFocusPath] = useState<string | undefined>();
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const pageOf = (path: string): number => {
    if (path.startsWith(`${DECLARATIONS_FIELD}.`)) return fieldPages - 1;
    const index = steps.findIndex((page) => stepFieldIds(page, groups).includes(path));
    return Math.max(index, 0);
  };
  useEffect(() => {
    if (onCheckPage) checkHeading.current?.focus();
  }, [onCheckPage]);
  useEffect(() => {
    if (focusPath === undefined || onCheckPage) return;
    document.getElementById(fieldInputId(formId, focusPath))?.focus();
    setFocusPath(undefined);
  }, [focusPath, onCheckPage, formId]);
  const changeAnswer = (path: string) => {
    setReturning(true);
    setFocusPath(path);
    setStepIndex(pageOf(path));
  };

  const step = steps[stepIndex];
  const lastStep = stepIndex === fieldPages - 1;
  const stepIds = step === undefined ? undefined : stepFieldIds(step, groups);
  const onThisPage = (field: FieldDefinition) => stepIds === undefined || stepIds.includes(field.id);
  const pageFields = onCheckPage
    ? []
    : fields.filter((field) => onThisPage(field) && isFieldShown(field, form.values));
  const showDeclarations = lastStep && declarations.length > 0;
  const pageErrors =
    lastStep || onCheckPage
      ? form.errors
      : issuesOf(
          form.errors,
          pageFields.map((field) => field.id),
        );

  const nameOf = (path: string): string | undefined => {
    const field = fields.find((candidate) => path === candidate.id || path.startsWith(`${candidate.id}.`));
    if (field !== undefined) return fieldName(field);
    return declarations.find((declaration) => path === `${DECLARATIONS_FIELD}.${declaration.id}`)?.name;
  };
  // Errors no field on this page shows (a rule on the whole form, a read-only or earlier step's field) are listed
  // openly, so 'Correct the errors' never stands alone without a visible reason.
  const markedIds = [
    ...pageFields.filter((field) => field.readonly !== true).map((field) => field.id),
    ...(showDeclarations ? declarations.map((declaration) => `${DECLARATIONS_FIELD}.${declaration.id}`) : []),
  ];
  const marked = issuesOf(pageErrors, markedIds);
  const unmarked = pageErrors.filter((issue) => !marked.includes(issue));
  const warningOf = (fieldId: string) => issueOf(form.warnings, fieldId);
  const formWarnings = form.warnings.filter(
    (warning) => !pageFields.some((field) => field.id === warning.path),
  );

  const submit = async () => {
    setSubmitting(true);
    setBanner(undefined);
    try {
      const values = form.submissionValues();
      const result =
        ownSubmit === undefined
          ? await postSubmission(client, actionSubmissionPath(self, formData), values, fileFieldIds(fields))
          : await ownSubmit(values);
      onSucceeded(result);
      // A form on a page stays open after saving; a panel closes (and must not be submitted twice meanwhile).
      if (ownSubmit !== undefined) setSubmitting(false);
    } catch (error) {
      setSubmitting(false);
      setBanner(failureText(error));
      if (error instanceof ApiError)
        form.setServerErrors(error.fieldErrors.filter((issue) => issue.path !== ''));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pageErrors.length > 0 || submitting) return;
    if (onCheckPage || (!hasCheck && lastStep)) {
      void submit();
      return;
    }
    setStepIndex((index) => (hasCheck && (returning || lastStep) ? fieldPages : index + 1));
  };
  const submitLabel =
    onCheckPage || (!hasCheck && lastStep)
      ? wire.actionLabel
      : hasCheck && (returning || lastStep)
        ? CONTINUE_LABEL
        : NEXT_STEP_LABEL;

  const renderField = (field: FieldDefinition): ReactNode => (
    <FormField
      key={field.id}
      field={withChosenAccept(field, form.values, fields, formData.options)}
      formId={formId}
      value={getPath(form.values, field.id)}
      values={form.values}
      subject={subject}
      error={issueOf(form.errors, field.id)}
      warning={warningOf(field.id)}
      serverOptions={formData.options[field.id]}
      onChange={form.setValue}
      onRefuse={form.refuse}
    />
  );

  const renderedGroups = new Set<string>();
  const body = pageFields.map((field) => {
    const group = groups.find((candidate) => candidate.fieldIds.includes(field.id));
    if (group === undefined) return renderField(field);
    if (renderedGroups.has(group.id)) return null;
    renderedGroups.add(group.id);
    return (
      <FormGroupSection key={`group:${group.id}`} group={group}>
        {pageFields.filter((member) => group.fieldIds.includes(member.id)).map(renderField)}
      </FormGroupSection>
    );
  });

  const previousAction = formData.previous;
  const Extra = findFormExtra(wire.entity, wire.id);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={wire.title}>
      <Stack gap="md">
        {banner !== undefined && (
          <Alert color="red" role="alert" title={failureTitle}>
            {banner}
          </Alert>
        )}
        {wire.text !== undefined && <Text size="sm">{wire.text}</Text>}
        {steps.length > 0 && (
          <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false}>
            {steps.map((page) => (
              <Stepper.Step key={page.id} label={page.title} />
            ))}
            {hasCheck && <Stepper.Step label={CHECK_ANSWERS_TITLE} />}
          </Stepper>
        )}
        {body}
        {onCheckPage && (
          <CheckAnswers
            fields={answered}
            values={form.values}
            serverOptions={formData.options}
            declarations={declarationPaths}
            onChange={changeAnswer}
            headingRef={checkHeading}
          />
        )}
        {Extra !== undefined && <Extra values={form.values} settings={formData.settings} self={self} />}
        {showDeclarations && (
          <Stack gap="xs">
            {declarations.map((declaration) => {
              const path = `${DECLARATIONS_FIELD}.${declaration.id}`;
              const error = issueOf(form.errors, path);
              return (
                <Checkbox
                  key={declaration.id}
                  id={fieldInputId(formId, path)}
                  aria-invalid={error !== undefined}
                  label={declaration.text}
                  checked={getPath(form.values, path) === true}
                  onChange={(event) => form.setValue(path, event.currentTarget.checked)}
                  error={error}
                />
              );
            })}
          </Stack>
        )}
        {formWarnings.length > 0 && (
          <Alert color="yellow" title={formWarnings.length === 1 ? 'Warning' : 'Warnings'}>
            <List size="sm">
              {formWarnings.map((warning) => (
                <List.Item key={`${warning.path}:${warning.message}`}>{warning.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <ErrorSummary errors={pageErrors} unmarked={unmarked} nameOf={nameOf} />
        <Group justify="flex-end" gap="sm">
          {stepIndex > 0 && (
            <Button
              variant="default"
              onClick={() => setStepIndex((index) => index - 1)}
              disabled={submitting}
            >
              {PREVIOUS_STEP_LABEL}
            </Button>
          )}
          {stepIndex === 0 && previousAction !== undefined && onPrevious !== undefined && (
            <Button variant="default" onClick={() => onPrevious(previousAction)} disabled={submitting}>
              {PREVIOUS_STEP_LABEL}
            </Button>
          )}
          {onCancel !== undefined && (
            <Button variant="default" onClick={onCancel}>
              {formData.cannotCancel ? 'Close' : 'Cancel'}
            </Button>
          )}
          <Button type="submit" disabled={pageErrors.length > 0} loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
