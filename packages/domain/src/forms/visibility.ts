import type { ConditionValue, FieldCondition, FieldDefinition, FormGroup, FormStep } from './fields.ts';
import { type FormValues, getPath, isBlank, setPath } from './values.ts';

const matchesAny = (value: unknown, candidates: readonly ConditionValue[]): boolean => {
  const values: readonly unknown[] = Array.isArray(value) ? value : [value];
  return values.some((item) => candidates.some((candidate) => candidate === item));
};

/** Whether a field condition holds for the current values (see `FieldCondition`). */
export const conditionHolds = (condition: FieldCondition, values: FormValues): boolean => {
  const value = getPath(values, condition.fieldId);
  const blank = isBlank(value);
  if (condition.filled !== undefined && condition.filled === blank) return false;
  if (condition.oneOf !== undefined && !matchesAny(value, condition.oneOf)) return false;
  if (condition.notOneOf !== undefined && (blank || matchesAny(value, condition.notOneOf))) return false;
  if (condition.atLeast !== undefined && !(typeof value === 'number' && value >= condition.atLeast))
    return false;
  return true;
};

/** The options offered for the current values: those without conditions and those whose conditions all hold. */
export const offeredOptions = <O extends { value: string; visibleWhen?: readonly FieldCondition[] }>(
  options: readonly O[],
  values: FormValues,
): readonly O[] =>
  options.some((option) => option.visibleWhen !== undefined)
    ? options.filter(
        (option) => option.visibleWhen?.every((condition) => conditionHolds(condition, values)) ?? true,
      )
    : options;

/** Whether a field takes part in the form: its `visibleWhen` condition, if any, holds. */
export const isFieldActive = (field: FieldDefinition, values: FormValues): boolean =>
  field.visibleWhen === undefined || conditionHolds(field.visibleWhen, values);

/**
 * Whether a field is shown: it is active and not hidden by `ifBlank.hide` (which hides a field while it has a
 * value, SPEC 5). A field hidden by `ifBlank.hide` is still validated and submitted.
 */
export const isFieldShown = (field: FieldDefinition, values: FormValues): boolean =>
  isFieldActive(field, values) && !(field.ifBlank?.hide === true && !isBlank(getPath(values, field.id)));

/**
 * The values with every inactive field's value removed: what is validated and submitted. A field whose condition
 * reads an inactive field is inactive too (removal repeats until nothing inactive holds a value).
 */
export const activeValues = (fields: readonly FieldDefinition[], values: FormValues): FormValues => {
  let current = values;
  for (;;) {
    const inactive = fields.filter(
      (field) => !isFieldActive(field, current) && getPath(current, field.id) !== undefined,
    );
    if (inactive.length === 0) return current;
    current = inactive.reduce((pruned, field) => setPath(pruned, field.id, undefined), current);
  }
};

/** The ids of the fields a step shows: its own `fieldIds` plus every field of its `groupIds`. */
export const stepFieldIds = (step: FormStep, groups: readonly FormGroup[]): readonly string[] => [
  ...(step.fieldIds ?? []),
  ...groups.filter((group) => step.groupIds?.includes(group.id)).flatMap((group) => group.fieldIds),
];

/** The fields that must be reset when `changedId` changes: those that list it in `dependsOn`, transitively. */
export const dependentFieldIds = (
  fields: readonly FieldDefinition[],
  changedId: string,
): readonly string[] => {
  const found = new Set<string>();
  const pending = [changedId];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const field of fields) {
      if (field.dependsOn?.includes(next) && !found.has(field.id) && field.id !== changedId) {
        found.add(field.id);
        pending.push(field.id);
      }
    }
  }
  return [...found];
};

/** A declaration prompt as far as its condition goes (see `DeclarationPrompt.visibleWhen`). */
interface ConditionalPrompt {
  id: string;
  visibleWhen?: FieldCondition;
}

/** The declarations asked for the current values: those without a condition and those whose condition holds. */
export const activeDeclarations = <P extends ConditionalPrompt>(
  prompts: readonly P[],
  values: FormValues,
): P[] =>
  prompts.filter((prompt) => prompt.visibleWhen === undefined || conditionHolds(prompt.visibleWhen, values));

/** The values without the answers to declarations not asked for them: what is validated and submitted. */
export const withoutInactiveDeclarations = (
  prompts: readonly ConditionalPrompt[],
  values: FormValues,
  field: string,
): FormValues =>
  prompts
    .filter((prompt) => prompt.visibleWhen !== undefined && !conditionHolds(prompt.visibleWhen, values))
    .reduce((current, prompt) => setPath(current, `${field}.${prompt.id}`, undefined), values);
