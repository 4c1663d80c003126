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

/** Reads a value by dotted path (`a.b.c`); undefined when any step is missing. */
export const getPath = (values: FormValues, path: string): unknown => {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
};

/** Returns a copy of the values with the dotted path set (undefined removes the key); the input is not changed. */
export const setPath = (values: FormValues, path: string, value: unknown): FormValues => {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return values;
  const copy: FormValues = { ...values };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  copy[head] = setPath(isRecord(child) ? child : {}, rest.join('.'), value);
  return copy;
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
