import { type FormIssue, MESSAGES } from '@curlew/domain';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The toggle's text: 'Show error' / 'Show errors', 'Hide error' / 'Hide errors' (SPEC 5). */
export const errorToggleLabel = (open: boolean, count: number): string =>
  `${open ? 'Hide' : 'Show'} ${count === 1 ? 'error' : 'errors'}`;

/** The hint 'Correct the errors before you can save' and a toggle listing every error with its field's name. */
export function ErrorSummary({
  errors,
  nameOf,
}: {
  errors: readonly FormIssue[];
  nameOf: (path: string) => string | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" c="red.8">
        {MESSAGES.correctErrors}
      </Text>
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {errorToggleLabel(open, errors.length)}
      </Anchor>
      {open && (
        <List size="sm" c="red.8">
          {errors.map((issue) => {
            const name = nameOf(issue.path);
            return (
              <List.Item key={`${issue.path}:${issue.message}`}>
                {name === undefined ? issue.message : `${name}: ${issue.message}`}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
