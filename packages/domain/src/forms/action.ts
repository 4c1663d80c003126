import type { z } from 'zod';
import type { FieldError } from '../validation/errors.ts';
import type { FieldBase, FieldDefinition, FormGroup, FormStep, JsonValue } from './fields.ts';
import type { FormValues } from './values.ts';
import { activeValues } from './visibility.ts';

/** Values the server sends with a form for its warnings and display (`ActionFormData.settings`). */
export type FormSettings = Readonly<Record<string, JsonValue>>;

/**
 * What a field shows that may follow other values: its label, help, the text before and after its input and its
 * 'optional' tag (a field asked for only in some cases).
 */
export type FieldDisplay = Partial<
  Pick<FieldBase<FieldDefinition['type']>, 'label' | 'hint' | 'prefix' | 'suffix' | 'optional'>
>;

/** One validation error or warning: the API's field-error shape, `path` dotted ('' for the whole form). */
export type FormIssue = FieldError;

/** What a lifecycle edge's `target` reads to choose among several statuses. */
export interface EdgeTargetContext<Status extends string = string> {
  /** The record's status now. */
  status: Status;
  /** The status the record had before its last change (Reinstate goes back to it); null when unknown. */
  previousStatus: Status | null;
}

/**
 * The lifecycle edge an action walks: the statuses it may start from and the status it leaves, if it changes it.
 * An edge may name several targets (`to: ['Screened', 'FailedScreening']`); `target` then chooses one from the
 * parsed values and the record's status history. The runner checks the chosen edge and writes the status.
 */
export interface ActionLifecycleEdge<Status extends string = string, Values = never> {
  from: readonly Status[];
  to?: Status | readonly Status[];
  /**
   * Required when `to` lists several statuses: which one this submission leads to. (Method syntax: a registry of
   * any actions holds it whatever its values' type.)
   */
  target?(values: Values, context: EdgeTargetContext<Status>): Status;
}

/** The statuses an edge may lead to (none when it leaves the status unchanged). */
export const edgeTargets = <Status extends string>(
  edge: Pick<ActionLifecycleEdge<Status>, 'to'>,
): readonly Status[] => (edge.to === undefined ? [] : typeof edge.to === 'string' ? [edge.to] : edge.to);

/**
 * A last step before an action that cannot be undone: `check-answers` shows every answer, formatted, each with a
 * Change link back to its field, and submits from there.
 */
export type ActionConfirm = 'check-answers';

/** Default label of the submit button (SPEC 2 "Action dialogs"). */
const DEFAULT_ACTION_LABEL = 'Save';

/**
 * What `defineAction` takes. Everything but `input` and `warnings` is plain JSON and goes to the browser in the
 * form data; the browser also imports the definition itself to validate with the same `input` schema.
 */
export interface ActionConfig<
  Id extends string,
  Fields extends readonly FieldDefinition[],
  Input extends z.ZodType,
  Status extends string,
> {
  /** The SPEC's action name (`Update`, `SetOffer`), also the last segment of `{self}/action/{id}`. */
  id: Id;
  /**
   * The entity kind it belongs to, the first segment of the entity's self link (`organisation`, `project`).
   * Action ids repeat across entities (`Update`, `Comment`); id plus entity is unique. Omit for an action shared
   * by every entity (Comment).
   */
  entity?: string;
  /** Dialog title; also the default success toast '{title} succeeded'. */
  title: string;
  /** Submit button label (default 'Save'). */
  actionLabel?: string;
  /** A paragraph shown above the fields (e.g. a confirmation text). */
  text?: string;
  fields: Fields;
  groups?: readonly FormGroup[];
  /** Pages of a multi-step form within this one action. */
  steps?: readonly FormStep[];
  /** The zod schema of the submitted values, cross-field rules included; the server parses with it too. */
  input: Input;
  /**
   * Non-blocking warnings for the current (possibly invalid) values; `settings` are the form data's settings (what
   * the server knows about the record, e.g. which project types are incompatible with the current service).
   */
  warnings?: (values: Partial<z.input<Input>>, settings: FormSettings) => readonly FormIssue[];
  /**
   * What some fields show for the current values, laid over their definitions (e.g. a size labelled 'Area (ha)' or
   * 'Length (km)' by the habitat family chosen); keyed by field id.
   */
  display?: (values: FormValues, settings: FormSettings) => Readonly<Record<string, FieldDisplay>>;
  /** No Cancel: the button reads 'Close' instead. */
  cannotCancel?: boolean;
  /** An app route to go to instead of opening a form. */
  navigate?: string;
  /** API path (no `/api` prefix) to submit to instead of `{self}/action/{id}`. */
  submissionUrl?: string;
  /** Id of the action of the previous step in a server-driven flow; shows 'Previous'. */
  previous?: string;
  /** Opens in a centred confirm modal (at most 800 wide) rather than the side panel. */
  modal?: boolean;
  /** A step to check the answers before submitting (for what cannot be undone). */
  confirm?: ActionConfirm;
  /** The status change it walks; checked against the entity's lifecycle by the runner. */
  lifecycle?: ActionLifecycleEdge<Status, z.output<Input>>;
  /** A create action: opened on a collection link (`/organisations`) and POSTed to that collection. */
  create?: boolean;
}

/** A defined action: its config with the defaults filled in and its literal types kept. */
export type ActionDefinition<
  Id extends string = string,
  Fields extends readonly FieldDefinition[] = readonly FieldDefinition[],
  Input extends z.ZodType = z.ZodType,
  Status extends string = string,
> = Omit<ActionConfig<Id, Fields, Input, Status>, 'actionLabel' | 'groups' | 'steps'> & {
  actionLabel: string;
  groups: readonly FormGroup[];
  steps: readonly FormStep[];
};

/** Any action definition, whatever its literal types (what registries and runners hold). */
export type AnyActionDefinition = ActionDefinition<string, readonly FieldDefinition[], z.ZodType, string>;

/** The parsed (output) values of an action, what its handler receives. */
export type ActionValues<A extends { input: z.ZodType }> = z.output<A['input']>;

/** Why a definition is inconsistent (duplicate or unknown field ids in groups, steps, dependsOn, visibleWhen). */
export const definitionProblems = (config: {
  id: string;
  fields: readonly FieldDefinition[];
  groups?: readonly FormGroup[];
  steps?: readonly FormStep[];
}): readonly string[] => {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const field of config.fields) {
    if (ids.has(field.id)) problems.push(`${config.id}: field '${field.id}' is defined twice`);
    ids.add(field.id);
  }
  const known = (where: string, fieldId: string) => {
    if (!ids.has(fieldId)) problems.push(`${config.id}: ${where} names unknown field '${fieldId}'`);
  };
  for (const field of config.fields) {
    for (const dependency of field.dependsOn ?? []) known(`dependsOn of '${field.id}'`, dependency);
    if (field.visibleWhen) known(`visibleWhen of '${field.id}'`, field.visibleWhen.fieldId);
  }
  const groupIds = new Set((config.groups ?? []).map((group) => group.id));
  for (const group of config.groups ?? []) {
    for (const fieldId of group.fieldIds) known(`group '${group.id}'`, fieldId);
  }
  for (const step of config.steps ?? []) {
    for (const fieldId of step.fieldIds ?? []) known(`step '${step.id}'`, fieldId);
    for (const groupId of step.groupIds ?? []) {
      if (!groupIds.has(groupId))
        problems.push(`${config.id}: step '${step.id}' names unknown group '${groupId}'`);
    }
  }
  return problems;
};

/**
 * Declares an action once for server and browser (ARCHITECTURE "The action: defined once"). Keeps the literal
 * id and field types; throws when groups, steps or field references name fields that do not exist.
 */
export function defineAction<
  const Id extends string,
  const Fields extends readonly FieldDefinition[],
  Input extends z.ZodType,
  const Status extends string = string,
>(config: ActionConfig<Id, Fields, Input, Status>): ActionDefinition<Id, Fields, Input, Status> {
  const problems = definitionProblems(config);
  if (problems.length > 0) throw new Error(`Invalid action definition: ${problems.join('; ')}`);
  return {
    ...config,
    actionLabel: config.actionLabel ?? DEFAULT_ACTION_LABEL,
    groups: config.groups ?? [],
    steps: config.steps ?? [],
  };
}

/** Turns zod issues into form issues with dotted paths. */
const issuesFromZod = (error: z.ZodError): readonly FormIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The outcome of validating an action's values. */
export type ActionValidation<Output> =
  | { success: true; data: Output; errors: readonly [] }
  | { success: false; errors: readonly FormIssue[] };

/**
 * Validates values with the action's schema after leaving out inactive (`visibleWhen`) fields; the browser calls
 * it on load and on every change, the server runner on submission, so both give the same errors.
 */
export const validateAction = <Input extends z.ZodType>(
  action: { fields: readonly FieldDefinition[]; input: Input },
  values: FormValues,
): ActionValidation<z.output<Input>> => {
  const result = action.input.safeParse(activeValues(action.fields, values));
  return result.success
    ? { success: true, data: result.data, errors: [] }
    : { success: false, errors: issuesFromZod(result.error) };
};

/** The fields of an action as they show for the current values: each with its `display` laid over it. */
export const displayedFields = (
  action: Pick<AnyActionDefinition, 'display'> | undefined,
  fields: readonly FieldDefinition[],
  values: FormValues,
  settings: FormSettings = {},
): readonly FieldDefinition[] => {
  const shown = action?.display?.(values, settings);
  if (shown === undefined) return fields;
  return fields.map((field) => {
    const display = shown[field.id];
    return display === undefined ? field : { ...field, ...display };
  });
};

/** The action's non-blocking warnings for the current values and the form data's settings (none when it declares none). */
export const actionWarnings = (
  action: Pick<AnyActionDefinition, 'warnings'>,
  values: FormValues,
  settings: FormSettings = {},
): readonly FormIssue[] => action.warnings?.(values, settings) ?? [];
