import { Anchor, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Props of a record's name in a table cell. */
export interface NameCellProps {
  name: string;
  /** The record's page. */
  to: string;
  /** The widest the name may show before it is cut with an ellipsis (the whole name in a tooltip and its title). */
  maxWidth?: number;
}

/**
 * A record's name in a table, linking to its page: a long name is cut to one line with an ellipsis, and the whole
 * name shows in a tooltip on hover or focus (and stays the link's accessible name).
 */
export function NameCell({ name, to, maxWidth = 280 }: NameCellProps) {
  return (
    <Tooltip
      label={name}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw={360}
      openDelay={300}
    >
      <Anchor component={Link} to={to} size="sm" truncate="end" maw={maxWidth} display="block" title={name}>
        {name}
      </Anchor>
    </Tooltip>
  );
}
