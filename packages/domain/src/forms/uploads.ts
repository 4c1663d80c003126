import { fileExtension, isBlockedUpload } from '../vocab/files.ts';
import type { UploadedFile } from './values.ts';

/** Further executable and disk-image extensions a file field refuses, beyond the general upload block list. */
const FORM_BLOCKED_EXTENSIONS = [
  'bin',
  'run',
  'msix',
  'appx',
  'ipa',
  'xap',
  'command',
  'vbe',
  'wsf',
] as const;

/** The message shown when an executable or a disk image is chosen. */
export const BLOCKED_FILE_MESSAGE = 'Executable and disk image files cannot be uploaded';

/** The message shown when a file's extension is not one the field accepts, e.g. 'Only pdf, xlsx or zip files are allowed'. */
export const acceptedFilesMessage = (accept: readonly string[]): string => {
  const listed = accept.map((extension) => extension.replace(/^\./, ''));
  const last = listed.pop();
  const names = listed.length > 0 ? `${listed.join(', ')} or ${last}` : (last ?? '');
  return `Only ${names} files are allowed`;
};

/** Whether a file is an executable or a disk image, judged by MIME type or extension. */
export const isRefusedUpload = (file: Pick<UploadedFile, 'name' | 'type'>): boolean =>
  isBlockedUpload(file.type, file.name) ||
  (FORM_BLOCKED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name));

/**
 * Why a file cannot go into a field, or undefined when it can: executables and disk images are always refused,
 * then the field's `accept` extensions (without dots) apply when given.
 */
export const fileProblem = (
  file: Pick<UploadedFile, 'name' | 'type'>,
  accept?: readonly string[],
): string | undefined => {
  if (isRefusedUpload(file)) return BLOCKED_FILE_MESSAGE;
  if (accept && accept.length > 0) {
    const allowed = accept.map((extension) => extension.replace(/^\./, '').toLowerCase());
    if (!allowed.includes(fileExtension(file.name))) return acceptedFilesMessage(accept);
  }
  return undefined;
};
