import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/**
 * A typed confirmation of something that replaces the market's data: the button stays disabled until the person
 * types `word` exactly.
 */
export function TypedConfirmation({
  word,
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  word: string;
  /** The button's label, e.g. 'Reset to the demo data'. */
  action: string;
  busy: boolean;
  onConfirm(typed: string): void;
  onCancel?: () => void;
}) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed === word) onConfirm(typed);
  };
  return (
    <form onSubmit={submit} aria-label={action}>
      <Stack gap="sm" align="flex-start">
        <TextInput
          label={`Type ${word} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          maxLength={100}
        />
        <Group>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" color="red" disabled={typed !== word} loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
