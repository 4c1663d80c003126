import { type FormIssue, MESSAGES } from '@curlew/domain';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** The toggle's text: 'Show error' / 'Show errors', 'Hide error' / 'Hide errors' (SPEC 5). */
const errorToggleLabel = (open: boolean, count: number): string =>
  `${open ? 'Hide' : 'Show'} ${count === 1 ? 'error' : 'errors'}`;

const issueText = (issue: FormIssue, nameOf: (path: string) => string | undefined): string => {
  const name = nameOf(issue.path);
  return name === undefined ? issue.message : `${name}: ${issue.message}`;
};

/**
 * The hint 'Correct the errors before you can save' and a toggle listing every error with its field's name.
 * `unmarked` errors (shown on no field of the page) are always listed under the hint, so the hint never stands
 * without a visible reason.
 */
export function ErrorSummary({
  errors,
  unmarked = [],
  nameOf,
}: {
  errors: readonly FormIssue[];
  unmarked?: readonly FormIssue[];
  nameOf: (path: string) => string | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <Stack gap={2} aria-live="polite">
      <Text size="sm" c="var(--mantine-color-error)">
        {MESSAGES.correctErrors}
      </Text>
      {unmarked.length > 0 && (
        <List size="sm" c="var(--mantine-color-error)" aria-label="Errors not shown on a field">
          {unmarked.map((issue) => (
            <List.Item key={`${issue.path}:${issue.message}`}>{issueText(issue, nameOf)}</List.Item>
          ))}
        </List>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setOpen((was) => !was)}
      >
        {errorToggleLabel(open, errors.length)}
      </Anchor>
      {open && (
        <List size="sm" c="var(--mantine-color-error)">
          {errors.map((issue) => (
            <List.Item key={`${issue.path}:${issue.message}`}>{issueText(issue, nameOf)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
