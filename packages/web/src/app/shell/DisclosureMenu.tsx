import { Button, UnstyledButton } from '@mantine/core';
import { useClickOutside, useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useId, useRef, useState } from 'react';
import classes from './DisclosureMenu.module.css';
import { ChevronDownIcon } from './icons.tsx';
import type { PageLink } from './pageLink.tsx';

/** One entry of a disclosure menu: a link, or an action such as signing out. */
export type DisclosureItem = { label: string; to: string } | { label: string; onSelect: () => void };

interface DisclosureMenuProps {
  label: ReactNode;
  items: readonly DisclosureItem[];
  /** A line of text above the items (e.g. 'Not logged in'). */
  note?: string;
  align?: 'start' | 'end';
  variant?: 'subtle' | 'default';
  /** How the items' links are made (the router's inside the app). */
  link: PageLink;
}

/**
 * A button that shows a list of links below it (the WAI-ARIA disclosure navigation pattern): Escape or a click
 * outside closes it. Lighter than a popover menu, which keeps the sign-in page's code small.
 */
export function DisclosureMenu({
  label,
  items,
  note,
  align = 'start',
  variant = 'subtle',
  link,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpen(false));

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  });

  return (
    <div ref={rootRef} className={classes.root}>
      <Button
        ref={buttonRef}
        variant={variant}
        color={variant === 'subtle' ? 'gray' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        rightSection={<ChevronDownIcon />}
        onClick={() => setOpen((current) => !current)}
      >
        {label}
      </Button>
      <ul
        id={panelId}
        hidden={!open}
        className={`${classes.panel} ${align === 'end' ? classes.end : classes.start}`}
      >
        {note ? <li className={classes.note}>{note}</li> : null}
        {items.map((item) => (
          <li key={item.label}>
            {'to' in item ? (
              <UnstyledButton
                component={link}
                to={item.to}
                className={classes.item}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </UnstyledButton>
            ) : (
              <UnstyledButton
                className={classes.item}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </UnstyledButton>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
