import { formatDate, formatDateTime } from '../format/date.ts';
import { formatNumber } from '../format/number.ts';
import type { JsonValue } from '../forms/fields.ts';
import { sentenceCase } from '../vocab/labels.ts';
import type { ActivityItemView } from './subject.ts';

/** Time zone that dates and times of the feeds and the audit trail are shown in: the market is in England. */
export const DISPLAY_TIME_ZONE = 'Europe/London';

/** How a status change is shown in words: 'Rights created → Rights allocated', or the one status that is known. */
export const statusChangeText = (before: string | null, after: string | null): string | undefined => {
  if (before !== null && after !== null)
    return before === after ? undefined : `${sentenceCase(before)} → ${sentenceCase(after)}`;
  if (after !== null) return `→ ${sentenceCase(after)}`;
  return undefined;
};

/** The details an activity entry records (`details`), as the server stores them. */
type Details = { readonly [key: string]: JsonValue } | null;

/** One field an action changed, as the server records it in `details.changes`. */
interface FieldChange {
  label: string;
  before: JsonValue;
  after: JsonValue;
}

const isRecord = (value: unknown): value is { readonly [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const LONGEST_VALUE = 120;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A date or a moment as the rest of the app shows it ('d MMM yyyy', times HH:mm); other text as is. */
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
function valueText(value: JsonValue | undefined): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value);
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
function changesOf(details: Details): FieldChange[] {
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
const changeText = ({ label, before, after }: FieldChange): string =>
  `${label}: ${valueText(before)} → ${valueText(after)}`;

/** What else an action recorded, in words: who was invited, the reason given, the document concerned. */
function detailTexts(details: Details): string[] {
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

/**
 * What an activity entry says changed, in words, one line each: every field old → new (fields that read the same
 * before and after left out, dates as 'd MMM yyyy'), then who was invited, the document and the reason. The feed
 * and the audit trail's CSV both read an entry through it.
 */
export const activityDetailLines = (details: ActivityItemView['details']): string[] => [
  ...changesOf(details).map(changeText),
  ...detailTexts(details),
];

/** When an entry happened, as the feed and the audit trail show it: 'd MMM yyyy HH:mm', UK time. */
export const activityTimeText = (at: string): string => formatDateTime(at, { timeZone: DISPLAY_TIME_ZONE });
