import { formatDate, formatDateTime, sentenceCase } from '@curlew/domain';

/** Time zone that dates and times of the feeds are shown in: the market is in England. */
export const DISPLAY_TIME_ZONE = 'Europe/London';

/** How a status change is shown in words: 'Rights created → Rights allocated', or the one status that is known. */
export const statusChangeText = (before: string | null, after: string | null): string | undefined => {
  if (before !== null && after !== null)
    return before === after ? undefined : `${sentenceCase(before)} → ${sentenceCase(after)}`;
  if (after !== null) return `→ ${sentenceCase(after)}`;
  return undefined;
};

/** A JSON value as the server records it in an activity entry. */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** One field an action changed, as the server records it in `details.changes`. */
export interface FieldChange {
  label: string;
  before: Json;
  after: Json;
}

const isRecord = (value: unknown): value is { readonly [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LONGEST_VALUE = 120;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date or a moment as the rest of the app shows it (SPEC 9: 'd MMM yyyy', times HH:mm); other text as is. */
const dateText = (value: string): string => {
  try {
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value, { timeZone: DISPLAY_TIME_ZONE });
  } catch {
    // Not a real date after all (e.g. '2027-02-31'): shown as recorded.
  }
  return value;
};

/** A recorded value in words: 'none' when blank, Yes/No, lists joined, a named thing by its name, never JSON. */
function valueText(value: Json | undefined): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') {
    const text = dateText(value);
    return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
  }
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((item) => valueText(item)).join(', ');
  if (isRecord(value)) {
    for (const key of ['name', 'label', 'title', 'text']) {
      const named = value[key];
      if (typeof named === 'string') return valueText(named);
    }
  }
  return 'changed';
}

/**
 * The fields an entry says changed (`details.changes`), leaving out those that read the same before and after
 * (e.g. an empty list replacing nothing); entries without them, or malformed ones, give none.
 */
export function changesOf(details: { readonly [key: string]: Json } | null): FieldChange[] {
  const changes = details?.changes;
  if (!Array.isArray(changes)) return [];
  return changes.flatMap((change): FieldChange[] => {
    if (!isRecord(change)) return [];
    const label = typeof change.label === 'string' ? change.label : undefined;
    if (label === undefined) return [];
    const before = change.before ?? null;
    const after = change.after ?? null;
    return valueText(before) === valueText(after) ? [] : [{ label, before, after }];
  });
}

/** How one change reads: 'Phone: +447700900123 → +447700900456'. */
export const changeText = ({ label, before, after }: FieldChange): string =>
  `${label}: ${valueText(before)} → ${valueText(after)}`;

/** What else an action recorded, in words: who was invited, the reason given, the document concerned. */
export function detailTexts(details: { readonly [key: string]: Json } | null): string[] {
  if (details === null) return [];
  const texts: string[] = [];
  const { invited, reason, document } = details;
  if (typeof invited === 'string' && invited !== '') texts.push(`Invited ${invited}`);
  else if (isRecord(invited)) {
    const who = [invited.displayName, invited.email].filter(
      (part) => typeof part === 'string' && part !== '',
    );
    if (who.length > 0) texts.push(`Invited ${who.join(', ')}`);
  }
  if (document !== undefined && document !== null && valueText(document) !== 'changed')
    texts.push(`Document: ${valueText(document)}`);
  if (typeof reason === 'string' && reason.trim() !== '') texts.push(`Reason: ${valueText(reason)}`);
  return texts;
}
