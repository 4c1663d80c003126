import { Button } from '@mantine/core';

/** The export formats every declared list answers (`format=csv|xlsx` on its own address, same filters and scope). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A list's export links, one per format: each downloads every row the list's filters match (up to the server's
 * cap) as `{filename}.{format}`. `address` gives the list's API address for a format.
 */
export function ExportButtons({
  address,
  filename,
  size = 'sm',
}: {
  address: (format: ExportFormat) => string;
  filename: string;
  size?: 'sm' | 'md';
}) {
  return (
    <>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          component="a"
          href={address(format)}
          download={`${filename}.${format}`}
          variant="default"
          size={size}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}
