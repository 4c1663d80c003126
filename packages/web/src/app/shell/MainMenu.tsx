import { Button, Group } from '@mantine/core';
import { NavLink } from 'react-router-dom';
import { isMenuGroup, type MenuEntry } from '../routing/menus.ts';
import { DisclosureMenu } from './DisclosureMenu.tsx';

/** The header's navigation: plain links and dropdown groups. */
export function MainMenu({ entries }: { entries: readonly MenuEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Main menu">
      <Group gap={4} wrap="wrap">
        {entries.map((entry) =>
          isMenuGroup(entry) ? (
            <DisclosureMenu key={entry.label} label={entry.label} items={entry.items} />
          ) : (
            <Button key={entry.to} component={NavLink} to={entry.to} end variant="subtle" color="gray">
              {entry.label}
            </Button>
          ),
        )}
      </Group>
    </nav>
  );
}
