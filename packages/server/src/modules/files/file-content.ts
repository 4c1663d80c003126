import { inflateSync } from 'node:zlib';
import { acceptedFilesMessage, BLOCKED_FILE_MESSAGE, fileExtension, isRefusedUpload } from '@curlew/domain';

/**
 * What the first bytes of a file say it is. The name and the MIME type of an upload are the sender's word; these
 * magic numbers are checked against them, and executables and disk images are refused whatever they are called.
 */
export type ContentKind =
  | 'pdf'
  | 'zip'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'ole'
  | 'text'
  | 'executable'
  | 'disk-image'
  | 'unknown';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => Array.from(text, (character) => character.charCodeAt(0));

const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  [0x7f, ...ascii('ELF')], // Linux and BSD executables and libraries
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary and Java class files
  [0x00, ...ascii('asm')], // WebAssembly
  ascii('#!'), // scripts with an interpreter line
];

const DISK_IMAGE_SIGNATURES: readonly (readonly number[])[] = [
  ascii('conectix'), // VHD (fixed images carry it at the end, dynamic ones at the start)
  ascii('vhdxfile'), // VHDX
  ascii('KDMV'), // VMDK sparse extent
  ascii('# Disk DescriptorFile'), // VMDK descriptor
  [...ascii('QFI'), 0xfb], // QEMU qcow
  ascii('encrcdsa'), // encrypted DMG
  ascii('MSWIM'), // Windows imaging format
];

/** Offsets of the ISO 9660 volume descriptor ('CD001') in CD and DVD images. */
const ISO_DESCRIPTOR_OFFSETS = [0x8001, 0x8801, 0x9001];

const isDiskImage = (bytes: Uint8Array): boolean => {
  if (DISK_IMAGE_SIGNATURES.some((signature) => startsWith(bytes, signature))) return true;
  if (ISO_DESCRIPTOR_OFFSETS.some((offset) => startsWith(bytes, ascii('CD001'), offset))) return true;
  // Apple disk images (DMG) and fixed VHDs end with a 512-byte trailer.
  const trailer = bytes.length - 512;
  return (
    trailer >= 0 &&
    (startsWith(bytes, ascii('koly'), trailer) || startsWith(bytes, ascii('conectix'), trailer))
  );
};

/** Bytes inspected for text: enough to judge, bounded for big files. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

// Text in any 8-bit encoding counts (spreadsheet programs still save CSV as Windows-1252): no NUL bytes.
const isText = (bytes: Uint8Array): boolean =>
  bytes.length > 0 && !bytes.subarray(0, TEXT_SAMPLE_BYTES).includes(0);

/** Names the content of a file from its bytes (its first bytes, and the trailer of disk images). */
export function sniffContent(bytes: Uint8Array): ContentKind {
  // Windows PE and DOS executables and DLLs start 'MZ' and hold NUL bytes in their header; text may start 'MZ' too.
  if (startsWith(bytes, ascii('MZ')) && bytes.subarray(0, 64).includes(0)) return 'executable';
  if (EXECUTABLE_SIGNATURES.some((signature) => startsWith(bytes, signature))) return 'executable';
  if (isDiskImage(bytes)) return 'disk-image';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (isText(bytes)) return 'text';
  return 'unknown';
}

/** The content each extension must have: an upload of another extension is refused (we cannot vouch for it). */
const EXTENSION_CONTENT = {
  pdf: 'pdf',
  zip: 'zip',
  xlsx: 'zip',
  xlsm: 'zip',
  docx: 'zip',
  pptx: 'zip',
  ods: 'zip',
  odt: 'zip',
  odp: 'zip',
  xls: 'ole',
  doc: 'ole',
  ppt: 'ole',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  csv: 'text',
  txt: 'text',
} as const satisfies Record<string, ContentKind>;

/** The extensions whose content can be checked: what an upload may be when the caller does not narrow it. */
const CHECKABLE_EXTENSIONS = Object.keys(EXTENSION_CONTENT);

/** The MIME type a stored file is served with, from its checked content and extension. */
const SERVED_MIME_TYPES = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
  odp: 'application/vnd.oasis.opendocument.presentation',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
} as const satisfies Record<keyof typeof EXTENSION_CONTENT, string>;

const isCheckable = (extension: string): extension is keyof typeof EXTENSION_CONTENT =>
  Object.hasOwn(EXTENSION_CONTENT, extension);

/** The MIME type to serve a stored file with (by its extension, whose content was checked on upload). */
export const servedMimeType = (filename: string): string => {
  const extension = fileExtension(filename);
  return isCheckable(extension) ? SERVED_MIME_TYPES[extension] : 'application/octet-stream';
};

/** Message of an upload with no bytes. */
export const EMPTY_FILE_MESSAGE = 'The file is empty';

/** Message of an upload whose bytes are not what its extension says, e.g. an executable renamed to .pdf. */
export const contentMismatchMessage = (extension: string): string =>
  `The file's content is not a valid ${extension} file`;

/** Message of a PDF that would run code or act by itself when opened. */
export const ACTIVE_PDF_MESSAGE =
  'PDF files with embedded JavaScript or automatic actions are not accepted: print or export the document to a plain PDF and upload that';

// PDF names that make a reader run script or launch something: JavaScript actions, additional (automatic)
// actions, launch actions. '#xx' escapes in names are decoded first, so '/J#61vaScript' is caught too.
const ACTIVE_PDF_NAME = /\/(JS|JavaScript|AA|Launch)(?=[\s/[\]<>(){}%]|$)/;
const PDF_NAME_ESCAPE = /#([0-9a-fA-F]{2})/g;
// Object streams (PDF 1.5) hold dictionaries compressed: the only streams whose content is searched for names.
const OBJECT_STREAM = /<<[^>]*\/Type\s*\/ObjStm[^>]*>>\s*stream\r?\n/g;
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

const hasActiveName = (text: string): boolean =>
  ACTIVE_PDF_NAME.test(
    text.replace(PDF_NAME_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );

/** The decompressed bytes of a Flate object stream, or undefined when they cannot be decompressed. */
const inflateObjectStream = (bytes: Buffer, start: number): string | undefined => {
  const end = bytes.indexOf('endstream', start, 'latin1');
  if (end < 0) return undefined;
  try {
    return inflateSync(bytes.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES }).toString(
      'latin1',
    );
  } catch (error) {
    // A stream that does not inflate holds no dictionary a reader could act on; anything else is a real failure.
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('Z_')) return undefined;
    throw error;
  }
};

/** Whether a PDF holds JavaScript or automatic actions, in plain dictionaries or in compressed object streams. */
export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  if (hasActiveName(text)) return true;
  for (const match of text.matchAll(OBJECT_STREAM)) {
    const inflated = inflateObjectStream(buffer, match.index + match[0].length);
    if (inflated !== undefined && hasActiveName(inflated)) return true;
  }
  return false;
}

/** An upload as received: its name, the MIME type the sender gave, and its bytes (or a sample of them). */
interface UploadCandidate {
  filename: string;
  mimetype: string;
  /** The bytes, or for a large file other than a PDF its first 64 KiB followed by its last 512 bytes. */
  bytes: Uint8Array;
  /** The whole size when `bytes` is a sample. */
  size?: number;
}

/**
 * Why an upload is refused, or undefined when it may be stored: executables and disk images are refused by
 * content, name or MIME type; the extension must be one of `accept` (default: every checkable extension); the
 * bytes must be what the extension says.
 */
export function uploadContentProblem(
  upload: UploadCandidate,
  accept: readonly string[] = CHECKABLE_EXTENSIONS,
): string | undefined {
  if ((upload.size ?? upload.bytes.length) === 0) return EMPTY_FILE_MESSAGE;
  const content = sniffContent(upload.bytes);
  if (content === 'executable' || content === 'disk-image') return BLOCKED_FILE_MESSAGE;
  if (isRefusedUpload({ name: upload.filename, type: upload.mimetype })) return BLOCKED_FILE_MESSAGE;
  const extension = fileExtension(upload.filename);
  const allowed = accept.map((entry) => entry.replace(/^\./, '').toLowerCase());
  if (!allowed.includes(extension) || !isCheckable(extension)) return acceptedFilesMessage(accept);
  if (EXTENSION_CONTENT[extension] !== content) return contentMismatchMessage(extension);
  if (content === 'pdf' && pdfHasActiveContent(upload.bytes)) return ACTIVE_PDF_MESSAGE;
  return undefined;
}
