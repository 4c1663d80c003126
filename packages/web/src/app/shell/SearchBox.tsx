import { ActionIcon, CloseButton, Group, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from './icons.tsx';
import { isSearchOpen, SEARCH_OPEN_HASH, searchTarget } from './search.ts';

/** The header search: a button that opens it through the URL hash, then a focused search field. */
export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = isSearchOpen(location.hash);
  const [term, setTerm] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <ActionIcon
        component={Link}
        to={`${here}${SEARCH_OPEN_HASH}`}
        variant="subtle"
        size="lg"
        aria-label="Search"
      >
        <SearchIcon />
      </ActionIcon>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(term);
    if (target) navigate(target);
  };

  return (
    <search>
      <form onSubmit={submit}>
        <Group gap={4} wrap="nowrap">
          <TextInput
            ref={inputRef}
            aria-label="Search"
            placeholder="Search"
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            leftSection={<SearchIcon size={16} />}
            size="sm"
          />
          <CloseButton aria-label="Close search" onClick={() => navigate(here, { replace: true })} />
        </Group>
      </form>
    </search>
  );
}
