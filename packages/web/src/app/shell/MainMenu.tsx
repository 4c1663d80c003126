import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { isMenuGroup, type MenuEntry, type MenuLink } from '../routing/menus.ts';
import { DisclosureMenu } from './DisclosureMenu.tsx';
import { RouterLink } from './RouterLink.tsx';

/** The header's navigation: plain links and dropdown groups. */
export function MainMenu({ entries }: { entries: readonly MenuEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Main menu">
      <Group gap={4} wrap="wrap">
        {entries.map((entry) =>
          isMenuGroup(entry) ? (
            <DisclosureMenu link={RouterLink} key={entry.label} label={entry.label} items={entry.items} />
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

const PanelLink = ({ link, onNavigate }: { link: MenuLink; onNavigate: () => void }) => (
  <Button
    component={NavLink}
    to={link.to}
    end
    variant="subtle"
    color="gray"
    fullWidth
    justify="flex-start"
    onClick={onNavigate}
  >
    {link.label}
  </Button>
);

const MenuPanelGroup = ({
  label,
  items,
  onNavigate,
}: {
  label: string;
  items: readonly MenuLink[];
  onNavigate: () => void;
}) => {
  const labelId = useId();
  return (
    <div>
      <Text id={labelId} fw={700} size="sm" c="dimmed" px="md" pt="sm" pb={4}>
        {label}
      </Text>
      <ul aria-labelledby={labelId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.to}>
            <PanelLink link={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
};

/**
 * The same menu laid out in a column for the narrow-screen panel: each group's links listed under its name.
 * `onNavigate` closes the panel when a link is chosen.
 */
export function MenuPanel({
  entries,
  onNavigate,
}: {
  entries: readonly MenuEntry[];
  onNavigate: () => void;
}) {
  return (
    <Stack gap={4}>
      {entries.map((entry) =>
        isMenuGroup(entry) ? (
          <MenuPanelGroup key={entry.label} label={entry.label} items={entry.items} onNavigate={onNavigate} />
        ) : (
          <PanelLink key={entry.to} link={entry} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
