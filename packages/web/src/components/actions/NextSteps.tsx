import type { EntityAction } from '@curlew/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { EntityActionButton } from './EntityActionButtons.tsx';
import classes from './NextSteps.module.css';

/** The ids of the actions the server marks as the record's next steps (never one refused for the reader's role). */
export const nextStepIds = (actions: readonly EntityAction[]): string[] =>
  actions.filter((action) => action.next === true && !action.byRole).map((action) => action.id);

/** Props of the next steps panel. */
export interface NextStepsProps {
  self: string;
  /** The record's actions as the server sends them: those marked `next` are its next steps. */
  actions: readonly EntityAction[];
  onSucceeded: () => void;
  /** For a refused step whose reason the page lists elsewhere (its 'What is still needed'), the words shown instead. */
  explainedElsewhere?: Readonly<Record<string, string>>;
}

function RefusedStep({ action, note }: { action: EntityAction; note: string }) {
  const reasonId = useId();
  return (
    <Group gap="sm" align="center">
      <Button
        className={classes.step}
        variant="filled"
        data-disabled
        aria-disabled="true"
        aria-describedby={reasonId}
        onClick={(event) => event.preventDefault()}
      >
        {action.title}
      </Button>
      <Text id={reasonId} size="sm">
        {note}
      </Text>
    </Group>
  );
}

/**
 * 'Next step': the record's next steps, as the server marks them, as filled buttons, never hidden in a menu. A step
 * the reader may take now opens its dialog; a refused one stays in sight, disabled, with the server's reason in words
 * beside it. Nothing shows when the server marks no step. Every record page (round, participation, project,
 * requirement, group) shows its steps here and leaves them out of its other actions (`nextStepIds`).
 */
export function NextSteps({ self, actions, onSucceeded, explainedElsewhere = {} }: NextStepsProps) {
  const titleId = useId();
  const steps = actions.filter((action) => action.next === true && !action.byRole);
  if (steps.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {steps.length === 1 ? 'Next step' : 'Next steps'}
        </Title>
        {steps.map((action) =>
          action.enabled ? (
            <Group key={action.id}>
              <EntityActionButton
                self={self}
                action={action}
                variant="filled"
                onSucceeded={onSucceeded}
                className={classes.step}
              />
            </Group>
          ) : (
            <RefusedStep
              key={action.id}
              action={action}
              note={explainedElsewhere[action.id] ?? action.reason ?? 'Not available now'}
            />
          ),
        )}
      </Stack>
    </Paper>
  );
}
