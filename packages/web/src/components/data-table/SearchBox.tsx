import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ListControls } from './useListState.ts';

/** How long typing pauses before the list is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * The search box of a data table: searches once typing pauses, or at once on Enter; follows the address when it
 * changes from elsewhere (Back, a link).
 */
export function SearchBox({
  label,
  placeholder,
  list,
}: {
  label: string;
  placeholder?: string | undefined;
  list: ListControls;
}) {
  const { q } = list.state;
  const [text, setText] = useState(q);
  // The last text this box sent, so its own round trip through the address does not overwrite newer typing.
  const sent = useRef(q);
  const { search } = list;

  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      search(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent.current = text.trim();
        search(text);
      }}
    >
      <TextInput
        type="search"
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        w={280}
      />
    </form>
  );
}
