import {
  type UnmatchedListQuery,
  type UnmatchedProject,
  type UnmatchedRequirement,
  unmatchedListQuerySchema,
} from '@curlew/domain';
import { signedInAs } from '../../platform/read/describe.ts';
import type { DescribedArrayList } from '../../platform/read/list-route.ts';
import { reviewOfRound } from './match.routes.ts';
import { unmatchedProjects, unmatchedRequirements } from './review.ts';

/** What both unmatched lists' items have: whether it lost in the clearing or was kept out, and why. */
interface UnmatchedLine {
  inClearing: boolean;
  reason: string;
}

/** A round's review with the records it was built from. */
type RoundReview = Awaited<ReturnType<typeof reviewOfRound>>;

/**
 * A list of a round review's records that got nothing (operator only; `format=csv|xlsx` exports it), worked out in
 * memory from the review: those that lost in the clearing, then those kept out of it, each with why.
 */
function unmatchedList<Item extends UnmatchedLine>(declared: {
  itemType: string;
  items(reviewed: RoundReview): Item[];
  /** The record's name and its supplier's or buyer's, with their export headers. */
  name: (item: Item) => string;
  organisation: (item: Item) => string;
  headers: { name: string; organisation: string };
  filename: string;
  sheet: string;
}): DescribedArrayList<UnmatchedListQuery, Item> {
  const { name, organisation } = declared;
  return {
    query: unmatchedListQuerySchema,
    itemType: declared.itemType,
    access: signedInAs('operator'),
    collectionActions: false,
    source: async (query, context) => declared.items(await reviewOfRound(context, query.roundId)),
    filters: {
      // The round is the source's: its review is the list.
      roundId: () => undefined,
      inClearing: (value) => (item) => item.inClearing === (value === 'true'),
    },
    sort: { review: (_item, position) => position, name, organisation },
    search: [name, organisation, (item) => item.reason],
    export: {
      filename: declared.filename,
      sheet: declared.sheet,
      maxRows: 100_000,
      columns: [
        { header: declared.headers.name, width: 32, value: name },
        { header: declared.headers.organisation, width: 28, value: organisation },
        {
          header: 'Outcome',
          width: 22,
          value: (item) => (item.inClearing ? 'Lost in the clearing' : 'Not in the clearing'),
        },
        { header: 'Why', width: 80, value: (item) => item.reason },
      ],
    },
  };
}

/** `GET /api/unmatched-projects?roundId=`: the review's projects that sold nothing, then those kept out. */
export const unmatchedProjectList = unmatchedList<UnmatchedProject>({
  itemType: 'UnmatchedProject',
  items: ({ review, projects }) => unmatchedProjects(review, projects),
  name: (item) => item.project.name,
  organisation: (item) => item.supplier.name,
  headers: { name: 'Project', organisation: 'Supplier' },
  filename: 'unmatched-projects',
  sheet: 'Unmatched projects',
});

/** `GET /api/unmatched-requirements?roundId=`: the review's requirements that got nothing, then those kept out. */
export const unmatchedRequirementList = unmatchedList<UnmatchedRequirement>({
  itemType: 'UnmatchedRequirement',
  items: ({ review, requirements }) => unmatchedRequirements(review, requirements),
  name: (item) => item.requirement.name,
  organisation: (item) => item.buyer.name,
  headers: { name: 'Requirement', organisation: 'Buyer' },
  filename: 'unmatched-requirements',
  sheet: 'Unmatched requirements',
});
