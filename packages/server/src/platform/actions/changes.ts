import type { FieldDefinition, JsonValue } from '@curlew/domain';

/** One field an action changed, as the activity trail shows it. */
interface FieldChange {
  [key: string]: JsonValue;
  field: string;
  label: string;
  before: JsonValue;
  after: JsonValue;
}

/** Nothing, an empty text and an empty list all read 'none': a change between them is no change. */
const isBlank = (value: JsonValue): boolean =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

const sameValue = (a: JsonValue, b: JsonValue): boolean =>
  (isBlank(a) && isBlank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** 'mailingAddress' -> 'Mailing address': a label for a field no form names. */
const fieldWords = (id: string): string => {
  const words = id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields that differ between a record before and after an action, labelled by the action's fields (then the
 * kind's own labels, then the field id in words), in the order the record lists them.
 */
export function fieldChanges(
  before: Record<string, JsonValue>,
  after: Record<string, JsonValue>,
  labels: { fields: readonly FieldDefinition[]; extra?: Readonly<Record<string, string>> },
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((field) => {
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (sameValue(old, next)) return [];
    const label =
      labels.fields.find((definition) => definition.id === field)?.label ??
      labels.extra?.[field] ??
      fieldWords(field);
    return [{ field, label, before: old, after: next }];
  });
}
