import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../app/currentUser.ts';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { useHome } from '../home/homeApi.ts';
import { WorkSection } from '../home/WorkSection.tsx';
import { LpaMapSection } from './LpaMapSection.tsx';
import { AreaSitesTable, CreditTotals, DevelopmentsTable } from './LpaParts.tsx';

/**
 * The LPA officer's home: checking a developer's mitigation against a planning application. The area's developments
 * by planning reference (late redemptions first) with the units allocated, the sites they come from and the
 * certificate; the sites in the area with their compliance; the credits allocated and redeemed; the area's map.
 */
export function LpaHomePage() {
  usePageTitle('Local planning');
  const { data: user } = useCurrentUser();
  const home = useHome('lpa');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Local planning</Title>
        {user ? <Text>Welcome, {user.displayName || user.username}.</Text> : null}
        {home.data ? (
          <Text>
            {home.data.lpaName === null
              ? 'Your organisation is not linked to a local planning authority yet: ask the market operator.'
              : `Developments and sites in ${home.data.lpaName}.`}
          </Text>
        ) : null}
      </Stack>
      <WorkSection
        title="Credits for your developments"
        query={home}
        isEmpty={(data) => data.totals.length === 0}
        emptyText="No credits have been allocated to developments in your area yet."
      >
        {(data) => (
          <Stack gap="xs">
            <CreditTotals totals={data.totals} />
            <Group>
              <Anchor component={Link} to="/credits" size="sm">
                See every credit in your area
              </Anchor>
            </Group>
          </Stack>
        )}
      </WorkSection>
      <LpaMapSection />
      <WorkSection
        title="Developments"
        query={home}
        isEmpty={(data) => data.developments.length === 0}
        emptyText="No development in your area has registered a credit requirement yet."
      >
        {(data) => <DevelopmentsTable developments={data.developments} />}
      </WorkSection>
      <WorkSection
        title="Sites"
        query={home}
        isEmpty={(data) => data.sites.length === 0}
        emptyText="No site is located in your area yet."
      >
        {(data) => <AreaSitesTable sites={data.sites} />}
      </WorkSection>
    </Stack>
  );
}
