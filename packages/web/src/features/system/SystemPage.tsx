import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { BackupsSection } from './BackupsSection.tsx';
import { HealthSection } from './HealthSection.tsx';
import { OutboxSection } from './OutboxSection.tsx';
import { ResetSection } from './ResetSection.tsx';
import { TasksSection } from './TasksSection.tsx';

/**
 * system (sysadmin only): the health of the system (database, migrations, version, sessions, queues), solver tasks
 * with Cancel, backups (make, download, restore outside production), the mail outbox with Send again, and the reset
 * to the demo data outside production.
 */
export function SystemPage() {
  usePageTitle('System');
  return (
    <Stack gap="xl">
      <Title order={1}>System</Title>
      <HealthSection />
      <TasksSection />
      <BackupsSection />
      <OutboxSection />
      <ResetSection />
    </Stack>
  );
}
