import type { Instance } from '@curlew/matching';

/**
 * The trading clusters of a clearing (CLEARING.md: money stays inside each cluster): each flow joins its project and
 * requirement, and a won project or a filled requirement joins its AND group. Answers the cluster (its root) of a
 * node `p:{project id}` or `r:{requirement id}`.
 */
export function tradingClusters(
  instance: Pick<Instance, 'projects' | 'requirements'>,
  flows: Iterable<{ project: string; requirement: string }>,
  won: (projectId: string) => boolean,
  filled: (requirementId: string) => boolean,
): (node: string) => string {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while ((parent.get(root) ?? root) !== root) root = parent.get(root) ?? root;
    parent.set(x, root);
    return root;
  };
  const join = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const flow of flows) join(`p:${flow.project}`, `r:${flow.requirement}`);
  for (const p of instance.projects)
    if (won(p.id) && p.group?.type === 'AND') join(`p:${p.id}`, `pg:${p.group.id}`);
  for (const r of instance.requirements)
    if (filled(r.id) && r.group?.type === 'AND') join(`r:${r.id}`, `rg:${r.group.id}`);
  return find;
}
