import { listQuerySchema } from '@curlew/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ArrayListSpec, arrayExportItems, arrayListItems } from './array-list.ts';
import type { ListContext } from './list.ts';

interface Tree {
  name: string;
  height: number | null;
  kind: 'broadleaf' | 'conifer';
}

const TREES: readonly Tree[] = [
  { name: 'oak', height: 20, kind: 'broadleaf' },
  { name: 'Ash', height: null, kind: 'broadleaf' },
  { name: 'pine', height: 20, kind: 'conifer' },
  { name: 'Birch', height: 12, kind: 'broadleaf' },
];

const query = listQuerySchema(['natural', 'name', 'height'], 'natural').extend({
  kind: z.enum(['broadleaf', 'conifer']).optional(),
  wood: z.string().optional(),
});
type TreeQuery = z.infer<typeof query>;

/** The wood the trees stand in: a parameter of the source, not a test on its items. */
const woods: string[] = [];

const trees: ArrayListSpec<TreeQuery, Tree> = {
  query,
  source: async (asked) => {
    woods.push(asked.wood ?? '');
    return TREES;
  },
  filters: {
    kind: (kind) => (tree) => tree.kind === kind,
    wood: () => undefined,
  },
  sort: { natural: (_tree, position) => position, name: (tree) => tree.name, height: (tree) => tree.height },
  search: [(tree) => tree.name],
  export: { filename: 'trees', sheet: 'Trees', columns: [], maxRows: 2 },
};

// The source of this list reads nothing of the request.
const context = {} as ListContext;
const names = async (given: Record<string, string>) =>
  (await arrayListItems(trees, query.parse(given), context)).items.map((tree) => tree.name);

/** A list worked out in memory: the platform filters, searches, sorts, pages and exports it as a table's list. */
describe('an in-memory declared list', () => {
  it('keeps the natural order by default and reverses it when asked', async () => {
    expect(await names({})).toEqual(['oak', 'Ash', 'pine', 'Birch']);
    expect(await names({ order: 'desc' })).toEqual(['Birch', 'pine', 'Ash', 'oak']);
  });

  it('sorts text without regard to case, nulls last ascending and first descending, ties in the natural order', async () => {
    expect(await names({ sort: 'name' })).toEqual(['Ash', 'Birch', 'oak', 'pine']);
    expect(await names({ sort: 'height' })).toEqual(['Birch', 'oak', 'pine', 'Ash']);
    expect(await names({ sort: 'height', order: 'desc' })).toEqual(['Ash', 'oak', 'pine', 'Birch']);
  });

  it('filters, searches and pages, counting every match', async () => {
    expect(await names({ kind: 'broadleaf', sort: 'name' })).toEqual(['Ash', 'Birch', 'oak']);
    expect(await names({ q: 'I' })).toEqual(['pine', 'Birch']);
    const page = await arrayListItems(
      trees,
      query.parse({ pageSize: '3', page: '2', wood: 'Ashdown' }),
      context,
    );
    expect(page).toEqual({ items: [TREES[3]], total: 4 });
    expect(woods.at(-1)).toBe('Ashdown');
  });

  it('exports the matching items up to the cap and says where it cut', async () => {
    const { chunks, cutAt } = await arrayExportItems(trees, query.parse({ sort: 'name' }), context);
    const exported: Tree[] = [];
    for await (const chunk of chunks) exported.push(...chunk);
    expect(exported.map((tree) => tree.name)).toEqual(['Ash', 'Birch']);
    expect(cutAt).toBe(2);
    const whole = await arrayExportItems(trees, query.parse({ kind: 'conifer' }), context);
    expect(whole.cutAt).toBeUndefined();
  });
});
