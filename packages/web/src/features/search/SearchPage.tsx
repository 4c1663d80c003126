import {
  formatNumber,
  type MarkedText,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchKind,
  searchTotalText,
} from '@curlew/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { searchTarget } from '../../app/shell/search.ts';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { markedParts, searchResultPath, useSearch } from './searchApi.ts';

const isKind = (value: string | null): value is SearchKind =>
  value !== null && (SEARCH_KINDS as readonly string[]).includes(value);

/** A text with the words that matched marked. */
function Marked({ marked }: { marked: MarkedText }) {
  return (
    <>
      {markedParts(marked).map((part, index) =>
        part.matched ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * One kind's results: each a link to its page with its line of context, and "show all" when there are more. Past the
 * cap the count says "500+", the link offers the first 500, and a kind's own pages say why there are no more.
 */
function ResultGroup({ group, term, paged }: { group: SearchGroup; term: string; paged: boolean }) {
  const headingId = `search-group-${group.kind}`;
  const more = group.total > group.results.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {group.label} ({searchTotalText(group)})
      </Title>
      {paged && group.capped ? (
        <Text size="sm">
          More than {formatNumber(group.total)} match: these are the first {formatNumber(group.total)} found,
          best first. Add words to narrow the search.
        </Text>
      ) : null}
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {group.results.map((result) => {
          const path = searchResultPath(result);
          return (
            <li key={result.id}>
              {path === null ? (
                <Text fw={600}>
                  <Marked marked={result.title} />
                </Text>
              ) : (
                <Anchor component={Link} to={path} fw={600}>
                  <Marked marked={result.title} />
                </Anchor>
              )}
              {result.context.text === '' ? null : (
                <Text size="sm" c="dimmed">
                  <Marked marked={result.context} />
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
      {more && !paged ? (
        <Anchor component={Link} to={`${searchTarget(term)}?kind=${group.kind}`} size="sm">
          {group.capped ? 'Show the first' : 'Show all'} {formatNumber(group.total)}{' '}
          {group.label.toLowerCase()}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * The search (SPEC 2 `search/{term?}`): the term in its box, then the records of every kind the reader may see that
 * match it, grouped by kind and best first; "show all" pages through one kind.
 */
export function SearchPage() {
  usePageTitle('Search');
  const navigate = useNavigate();
  const term = (useParams().term ?? '').trim();
  const [params] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [entered, setEntered] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  if (shownTerm !== term) {
    setShownTerm(term);
    setEntered(term);
  }
  const search = useSearch(term, kind, page);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(entered);
    if (target) navigate(target);
  };

  let body = null;
  if (term === '') body = <Text>Enter a name, a word or a planning reference to search for.</Text>;
  else if (search.isPending) body = <Skeleton height={120} aria-label="Loading results" />;
  else if (search.isError)
    body = (
      <Alert color="red" role="alert" title="The search could not be done">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{search.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void search.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  else if (search.data.groups.length === 0 || search.data.groups.every((one) => one.total === 0))
    body = <Text>Nothing you can see matches “{term}”.</Text>;
  else {
    const { groups } = search.data;
    const paged = groups.length === 1 && kind !== undefined ? groups[0] : undefined;
    body = (
      <Stack gap="lg" aria-busy={search.isFetching}>
        {kind === undefined ? null : (
          <Anchor component={Link} to={searchTarget(term) ?? '/search'} size="sm">
            Back to every kind of result
          </Anchor>
        )}
        {groups.map((group) => (
          <ResultGroup key={group.kind} group={group} term={term} paged={kind !== undefined} />
        ))}
        {paged !== undefined && paged.total > paged.pageSize ? (
          <Pagination
            total={Math.ceil(paged.total / paged.pageSize)}
            value={page}
            onChange={(next) => navigate(`${searchTarget(term)}?kind=${paged.kind}&page=${next}`)}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Search</Title>
      <search aria-label="Search the records">
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Search for"
              value={entered}
              onChange={(event) => setEntered(event.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1, maxWidth: 480 }}
            />
            <Button type="submit">Search</Button>
          </Group>
        </form>
      </search>
      {body}
    </Stack>
  );
}
