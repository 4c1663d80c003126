import { describe, expect, it } from 'vitest';
import { detectFileType, fileExtension, isBlockedUpload } from './files.ts';

describe('detectFileType: MIME type first, else extension', () => {
  it.each([
    ['application/pdf', 'report.bin', 'PDF'],
    ['image/png', 'photo', 'Image'],
    ['video/mp4', 'clip.mov', 'Video'],
    ['text/csv; charset=utf-8', 'data.csv', 'Excel'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'x', 'Excel'],
    ['application/vnd.ms-excel', 'x', 'Excel'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'x', 'Powerpoint'],
    ['application/vnd.ms-powerpoint', 'x', 'Powerpoint'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x', 'Word'],
    ['APPLICATION/MSWORD', 'x', 'Word'],
    ['application/pdf', 'sheet.xlsx', 'PDF'],
    ['application/octet-stream', 'Landholder Info.XLSX', 'Excel'],
    ['application/octet-stream', 'plan.pdf', 'PDF'],
    ['', 'slides.pptx', 'Powerpoint'],
    [null, 'letter.docx', 'Word'],
    [undefined, 'walk.webm', 'Video'],
    ['', 'map.JPEG', 'Image'],
    ['application/zip', 'bundle.zip', 'Unknown'],
    ['', 'README', 'Unknown'],
    [null, null, 'Unknown'],
  ])('%j + %j -> %s', (mime, filename, type) => {
    expect(detectFileType(mime, filename)).toBe(type);
  });
});

describe('fileExtension', () => {
  it.each([
    ['a.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['.hidden', ''],
    ['folder.d/file', ''],
    ['C:\\docs\\plan.docx', 'docx'],
    ['noext', ''],
  ])('%s -> %j', (filename, extension) => {
    expect(fileExtension(filename)).toBe(extension);
  });
});

describe('isBlockedUpload: executables and disk images', () => {
  it.each([
    ['application/x-msdownload', 'setup.pdf', true],
    ['application/octet-stream', 'setup.exe', true],
    ['', 'image.dmg', true],
    ['application/x-iso9660-image', 'disc', true],
    ['', 'disc.ISO', true],
    ['application/pdf', 'report.pdf', false],
    ['application/zip', 'bundle.zip', false],
    ['text/csv', 'suppliers.csv', false],
  ])('%j + %j -> %s', (mime, filename, blocked) => {
    expect(isBlockedUpload(mime, filename)).toBe(blocked);
  });
});
