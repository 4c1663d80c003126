import { BLOCKED_FILE_MESSAGE } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import {
  type ContentKind,
  contentMismatchMessage,
  EMPTY_FILE_MESSAGE,
  servedMimeType,
  sniffContent,
  uploadContentProblem,
} from './file-content.ts';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? Array.from(Buffer.from(part, 'latin1')) : part)),
  );

const padded = (length: number, at: number, signature: string): Uint8Array => {
  const buffer = new Uint8Array(length);
  buffer.set(Buffer.from(signature, 'latin1'), at);
  return buffer;
};

const PDF = bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n');
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]);
const EMPTY_ZIP = bytes([0x50, 0x4b, 0x05, 0x06], new Array(18).fill(0));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF');
const GIF = bytes('GIF89a', [1, 0, 1, 0]);
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
const CSV = Uint8Array.from(Buffer.from('\ufeffname,units\nMeadow,12.5\nCafé £3,3\n', 'utf8'));
const PE = bytes('MZ', [0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const ELF = bytes([0x7f], 'ELF', [2, 1, 1, 0]);
const MACHO = bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]);
const FAT_MACHO = bytes([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]);
const WASM = bytes([0x00], 'asm', [1, 0, 0, 0]);
const SCRIPT = bytes('#!/bin/sh\nrm -rf /\n');
const ISO = padded(0x8800, 0x8001, 'CD001');
const DMG = padded(4096, 4096 - 512, 'koly');
const VHD = bytes('conectix', [0, 0, 0, 2]);
const VHDX = bytes('vhdxfile', [0, 0]);
const VMDK = bytes('KDMV', [1, 0, 0, 0]);
const QCOW = bytes('QFI', [0xfb, 0, 0, 0, 3]);
const BINARY = bytes([0x01, 0x02, 0x00, 0xff, 0xfe]);
const LATIN1_TEXT = bytes('caf\xe9,\xa33\n');

describe('sniffContent', () => {
  it.each<[string, Uint8Array, ContentKind]>([
    ['PDF', PDF, 'pdf'],
    ['ZIP (xlsx, docx)', ZIP, 'zip'],
    ['empty ZIP', EMPTY_ZIP, 'zip'],
    ['PNG', PNG, 'png'],
    ['JPEG', JPEG, 'jpeg'],
    ['GIF', GIF, 'gif'],
    ['OLE (xls, doc)', OLE, 'ole'],
    ['UTF-8 CSV with a byte-order mark', CSV, 'text'],
    ['text that starts MZ', bytes('MZ_ID,name\n1,Meadow\n'), 'text'],
    ['Windows executable', PE, 'executable'],
    ['ELF executable', ELF, 'executable'],
    ['Mach-O executable', MACHO, 'executable'],
    ['Mach-O universal binary', FAT_MACHO, 'executable'],
    ['WebAssembly', WASM, 'executable'],
    ['shell script', SCRIPT, 'executable'],
    ['ISO 9660 image', ISO, 'disk-image'],
    ['Apple disk image', DMG, 'disk-image'],
    ['VHD', VHD, 'disk-image'],
    ['VHDX', VHDX, 'disk-image'],
    ['VMDK', VMDK, 'disk-image'],
    ['qcow', QCOW, 'disk-image'],
    ['binary with NUL bytes', BINARY, 'unknown'],
    ['Windows-1252 text', LATIN1_TEXT, 'text'],
    ['nothing', new Uint8Array(0), 'unknown'],
  ])('%s -> %s', (_name, content, kind) => {
    expect(sniffContent(content)).toBe(kind);
  });

  it('judges text on the first 64 Kb only', () => {
    const nulLate = Buffer.concat([Buffer.alloc(64 * 1024, 0x41), Buffer.from([0])]);
    const nulEarly = Buffer.concat([Buffer.alloc(64 * 1024 - 1, 0x41), Buffer.from([0])]);
    expect(sniffContent(nulLate)).toBe('text');
    expect(sniffContent(nulEarly)).toBe('unknown');
  });
});

describe('uploadContentProblem', () => {
  const upload = (filename: string, content: Uint8Array, mimetype = 'application/octet-stream') => ({
    filename,
    mimetype,
    bytes: content,
  });

  it.each<[string, Uint8Array, string]>([
    ['report.pdf', PDF, 'application/pdf'],
    ['landholder.zip', ZIP, 'application/zip'],
    ['metric.xlsx', ZIP, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['agreement.docx', ZIP, 'application/octet-stream'],
    ['suppliers.csv', CSV, 'text/csv'],
    ['map.png', PNG, 'image/png'],
    ['photo.JPG', JPEG, 'image/jpeg'],
    ['old.xls', OLE, 'application/vnd.ms-excel'],
  ])('accepts %s with matching content', (filename, content, mimetype) => {
    expect(uploadContentProblem(upload(filename, content, mimetype))).toBeUndefined();
  });

  it.each<[string, Uint8Array]>([
    ['invoice.pdf', PE],
    ['data.csv', ELF],
    ['metric.xlsx', MACHO],
    ['photo.png', SCRIPT],
    ['archive.zip', ISO],
    ['report.pdf', DMG],
    ['disk.zip', VHDX],
  ])('refuses %s that is really an executable or a disk image', (filename, content) => {
    expect(uploadContentProblem(upload(filename, content))).toBe(BLOCKED_FILE_MESSAGE);
  });

  it('refuses executable names and MIME types whatever the content', () => {
    expect(uploadContentProblem(upload('setup.exe', PDF))).toBe(BLOCKED_FILE_MESSAGE);
    expect(uploadContentProblem(upload('report.pdf', PDF, 'application/x-msdownload'))).toBe(
      BLOCKED_FILE_MESSAGE,
    );
  });

  it.each<[string, Uint8Array, string]>([
    ['report.pdf', ZIP, 'pdf'],
    ['metric.xlsx', PDF, 'xlsx'],
    ['suppliers.csv', BINARY, 'csv'],
    ['suppliers.csv', PNG, 'csv'],
    ['map.png', JPEG, 'png'],
  ])('refuses %s whose content is something else', (filename, content, extension) => {
    expect(uploadContentProblem(upload(filename, content))).toBe(contentMismatchMessage(extension));
  });

  it('refuses empty files, unchecked extensions and extensions outside accept', () => {
    expect(uploadContentProblem(upload('report.pdf', new Uint8Array(0)))).toBe(EMPTY_FILE_MESSAGE);
    expect(uploadContentProblem(upload('clip.mp4', BINARY), ['mp4'])).toBe('Only mp4 files are allowed');
    expect(uploadContentProblem(upload('map.png', PNG), ['pdf', 'xlsx', 'zip'])).toBe(
      'Only pdf, xlsx or zip files are allowed',
    );
    expect(uploadContentProblem(upload('README', CSV), ['pdf'])).toBe('Only pdf files are allowed');
  });
});

describe('servedMimeType', () => {
  it('serves checked types by extension and everything else as octet-stream', () => {
    expect(servedMimeType('a.PDF')).toBe('application/pdf');
    expect(servedMimeType('a.csv')).toBe('text/csv; charset=utf-8');
    expect(servedMimeType('a.html')).toBe('application/octet-stream');
    expect(servedMimeType('noextension')).toBe('application/octet-stream');
  });
});
