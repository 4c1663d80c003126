import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { NcaImport } from './NcaImport.tsx';
import { NcaNeighbourImport } from './NcaNeighbours.tsx';

/** settings: reference data, the settings lists of LPAs and market operators, and the NCA import. */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Stack gap="lg">
      <Title order={1}>Settings</Title>
      <List spacing="xs">
        <List.Item>
          <Anchor component={Link} to="/settings/refdata">
            Reference data
          </Anchor>
          <Text size="sm" c="dimmed">
            Project types, standards, National Character Areas, LPAs, subcatchments, declarations and habitats
          </Text>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/settings/refdata/lpas">
            Local planning authorities
          </Anchor>
          <Text size="sm" c="dimmed">
            England's local planning authorities and their neighbours
          </Text>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/lpas">
            LPAs
          </Anchor>
          <Text size="sm" c="dimmed">
            The authorities that use Curlew, with their users
          </Text>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to="/operators">
            Market operators
          </Anchor>
          <Text size="sm" c="dimmed">
            Organisations that run markets
          </Text>
        </List.Item>
      </List>
      <NcaImport />
      <NcaNeighbourImport />
    </Stack>
  );
}
