import { ORGANISATION_TYPE_LABELS, type Organisation } from '@curlew/domain';
import { Group, Stack, Text, Title } from '@mantine/core';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';

/** Props of an organisation's title bar. */
export interface OrganisationTitleBarProps {
  organisation: Organisation;
  /** Action ids the page shows elsewhere (Comment beside the comments, InviteUser beside the users). */
  exclude: readonly string[];
  onActionSucceeded: () => void;
  /** A line under the name, e.g. 'Your organisation'. */
  subtitle?: string;
}

/** The organisation's name and type as the page heading, with the actions the server lists for the signed-in user. */
export function OrganisationTitleBar({
  organisation,
  exclude,
  onActionSucceeded,
  subtitle,
}: OrganisationTitleBarProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Stack gap={2}>
        <Title order={1}>{organisation.name}</Title>
        <Text c="dimmed">{subtitle ?? ORGANISATION_TYPE_LABELS[organisation.type]}</Text>
      </Stack>
      <EntityActionButtons
        self={organisation.self}
        actions={organisation.actions}
        exclude={exclude}
        label={`Actions for ${organisation.name}`}
        onSucceeded={onActionSucceeded}
      />
    </Group>
  );
}
