/** The values of a form: field ids with dots address nested objects (`nextAction.date`). */
export type FormValues = Record<string, unknown>;

/** The value of a RichText field: the Lexical editor state as a JSON string and its plain text. */
export interface RichTextValue {
  json: string;
  text: string;
}

/**
 * A file in a form value. In the browser it is the `File` the user chose; on the server the action runner
 * builds it from the multipart part of the same name (and may add e.g. the stored bytes or a storage key).
 */
export interface UploadedFile {
  name: string;
  size: number;
  type: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIndex = (key: string): boolean => /^\d+$/.test(key);

/** Reads a value by dotted path (`a.b.c`; a numeric step indexes an array); undefined when any step is missing. */
export const getPath = (values: FormValues, path: string): unknown => {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (Array.isArray(current) && isIndex(key)) current = current[Number(key)];
    else if (isRecord(current)) current = current[key];
    else return undefined;
  }
  return current;
};

const setIn = (container: unknown, keys: readonly string[], value: unknown): unknown => {
  const [head, ...rest] = keys;
  if (head === undefined) return container;
  if (Array.isArray(container) && isIndex(head)) {
    const copy: unknown[] = [...container];
    const index = Number(head);
    copy[index] = rest.length === 0 ? value : setIn(copy[index], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(container) ? { ...container } : {};
  if (rest.length > 0) copy[head] = setIn(copy[head], rest, value);
  else if (value === undefined) delete copy[head];
  else copy[head] = value;
  return copy;
};

/**
 * Returns a copy of the values with the dotted path set (undefined removes the key; a numeric step indexes an
 * array when there is one); the input is not changed. Removing a value whose path does not exist changes nothing.
 */
export const setPath = (values: FormValues, path: string, value: unknown): FormValues => {
  if (value === undefined && getPath(values, path) === undefined) return values;
  const result = setIn(values, path.split('.'), value);
  return isRecord(result) ? result : values;
};

/** Whether a value counts as blank: undefined, null, '', [] or a rich text without text. */
export const isBlank = (value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value) && typeof value.text === 'string' && typeof value.json === 'string') {
    return value.text.trim() === '';
  }
  return false;
};

/** Whether a value is a file chosen in the browser or described by the server (name, size and type). */
export const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { size?: unknown }).size === 'number' &&
  typeof (value as { type?: unknown }).type === 'string';
