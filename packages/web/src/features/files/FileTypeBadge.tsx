import type { FileType } from '@curlew/domain';
import { Badge } from '@mantine/core';

/** The colour of each file type's badge (shade 9 keeps the label readable on the light badge). */
const FILE_TYPE_COLOURS = {
  Excel: 'green',
  Image: 'grape',
  PDF: 'red',
  Powerpoint: 'orange',
  Video: 'indigo',
  Word: 'blue',
  Unknown: 'gray',
} as const satisfies Record<FileType, string>;

function DocumentIcon() {
  return (
    <svg
      width={12}
      height={12}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" strokeLinejoin="round" />
      <path d="M14 3v5h5" strokeLinejoin="round" />
    </svg>
  );
}

/** A file's type as an icon and its label (Excel, Image, PDF, Powerpoint, Video, Word, Unknown). */
export function FileTypeBadge({ type }: { type: FileType }) {
  return (
    <Badge variant="light" color={`${FILE_TYPE_COLOURS[type]}.9`} leftSection={<DocumentIcon />} radius="sm">
      {type}
    </Badge>
  );
}
