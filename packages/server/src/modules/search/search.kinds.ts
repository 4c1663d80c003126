import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  CREDIT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type ListQuery,
  MARKET_ROUND_STATUS_LABELS,
  markText,
  ORGANISATION_TYPE_LABELS,
  PROJECT_STATUS_LABELS,
  type SearchKind,
  type SearchResult,
} from '@curlew/domain';
import type { ListContext, ListSpec } from '../../platform/read/list.ts';
import { type RankedItems, searchItems } from '../../platform/read/search.ts';
import { marketRead } from '../markets/markets.read.ts';
import { organisationRead } from '../organisations/organisations.read.ts';
import { operatorUsersList } from '../organisations/users.found.ts';
import { projectGroupRead } from '../project-groups/project-groups.read.ts';
import { projectRead } from '../projects/projects.read.ts';
import { creditRegistryList } from '../registry/registry.read.ts';
import { requirementGroupRead } from '../requirement-groups/requirement-groups.read.ts';
import { requirementRead } from '../requirements/requirements.read.ts';
import { roundRead } from '../rounds/rounds.read.ts';

/** Who may find a kind: the operator only, or the operator and a local planning authority (its area's records). */
type Finders = 'operator' | 'operatorAndLpa';

/** A kind the search finds: through an entity's list (its scope, row source and presenter), shown as a result. */
export interface SearchableKind {
  kind: SearchKind;
  finders: Finders;
  find(
    term: string,
    context: ListContext,
    slice: { limit: number; offset: number },
  ): Promise<RankedItems<SearchResult> & { best: number }>;
}

/** The parts of a result an item gives: its name, its line of context, and what its page's address needs. */
type Shown = { title: string; context: readonly (string | null | undefined)[] } & Pick<
  SearchResult,
  'marketId' | 'organisationId' | 'organisationType'
>;

/** A kind found through a list: each found item shown as its name and a line of context, the term's words marked. */
function searchable<Query extends ListQuery, Row, Item extends { id: string }>(
  kind: SearchKind,
  finders: Finders,
  list: ListSpec<Query, Row, Item>,
  show: (item: Item) => Shown,
): SearchableKind {
  return {
    kind,
    finders,
    async find(term, context, slice) {
      const found = await searchItems(list, term, context, slice);
      const results = found.items.map((item): SearchResult => {
        const { title, context: parts, ...at } = show(item);
        const line = parts.filter((part): part is string => typeof part === 'string' && part !== '');
        return {
          kind,
          id: item.id,
          title: markText(title, term),
          context: markText(line.join(' · '), term),
          ...at,
        };
      });
      return { items: results, total: found.total, capped: found.capped, best: found.best };
    },
  };
}

/**
 * Every kind the search finds, each through its entity's list: the operator finds them all (users too), a local
 * planning authority its area's projects and developments (the list items carry no offer, bid or price).
 */
export const SEARCHABLE_KINDS: readonly SearchableKind[] = [
  searchable('requirements', 'operatorAndLpa', requirementRead.list, (item) => ({
    title: item.name,
    context: [
      item.planningRef === null ? null : `Planning reference ${item.planningRef}`,
      item.buyer.name,
      item.lpa?.name,
      CREDIT_REQUIREMENT_STATUS_LABELS[item.status],
    ],
  })),
  searchable('projects', 'operatorAndLpa', projectRead.list, (item) => ({
    title: item.name,
    context: [item.supplier.name, item.lpa?.name, item.round?.name, PROJECT_STATUS_LABELS[item.status]],
  })),
  searchable('projectGroups', 'operator', projectGroupRead.list, (item) => ({
    title: item.name,
    context: [`${item.type} group`, item.supplier.name, item.round.name],
  })),
  searchable('requirementGroups', 'operator', requirementGroupRead.list, (item) => ({
    title: item.name,
    context: [item.buyer.name, item.round?.name],
  })),
  searchable('organisations', 'operator', organisationRead.list, (item) => ({
    title: item.name,
    context: [ORGANISATION_TYPE_LABELS[item.type], item.email],
    organisationType: item.type,
  })),
  searchable('markets', 'operator', marketRead.list, (item) => ({
    title: item.name,
    context: [item.region, item.description],
  })),
  searchable('rounds', 'operator', roundRead.list, (item) => ({
    title: item.name,
    context: [item.market.name, MARKET_ROUND_STATUS_LABELS[item.status]],
    marketId: item.market.id,
  })),
  searchable('credits', 'operator', creditRegistryList, (item) => ({
    title: item.requirement.name,
    context: [
      item.planningRef === null ? null : `Planning reference ${item.planningRef}`,
      item.owner.name,
      CREDIT_TYPE_LABELS[item.creditType],
      CREDIT_STATUS_LABELS[item.status],
    ],
  })),
  searchable('users', 'operator', operatorUsersList, (item) => ({
    title: item.displayName,
    context: [
      item.username === item.email ? null : item.username,
      item.email,
      item.organisation === null
        ? null
        : `${item.organisation.name} (${ORGANISATION_TYPE_LABELS[item.organisation.type]})`,
      item.disabled ? 'Disabled' : null,
    ],
    ...(item.organisation === null
      ? {}
      : { organisationId: item.organisation.id, organisationType: item.organisation.type }),
  })),
];
