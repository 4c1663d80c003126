import type { PublicAreaTotal, PublicRegistry } from '@curlew/domain';
import { z } from 'zod';
import { csvText } from '../../platform/csv.ts';

/** The tables of the public registry a CSV holds: the sites, or the units by LPA or by NCA. */
export const PUBLIC_REGISTRY_TABLES = ['sites', 'lpa', 'nca'] as const;

/** The query of `GET /api/public/registry`: JSON (every table) or one table as CSV. */
export const publicRegistryQuery = z.object({
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('json: every table; csv: the table named by `table`'),
  table: z
    .enum(PUBLIC_REGISTRY_TABLES)
    .default('sites')
    .describe('The table of a CSV: sites, or units by LPA or NCA'),
});

const creditTypeSchema = z.string();

/** Units per credit type in one area: its name for people, its code for joining with other data. */
const areaTotalSchema = (code: string) =>
  z
    .object({
      area: z.string(),
      code: z.string().nullable().describe(`${code}; null when no area is recorded`),
      creditType: creditTypeSchema,
      sites: z.number().int(),
      units: z.number(),
    })
    .strict();

/** The public fields of a site, in the JSON and as a GeoJSON feature's properties. */
export const publicSiteSchema = z
  .object({
    name: z.string(),
    status: z.string(),
    lpa: z.string().nullable(),
    nca: z.string().nullable(),
    creditTypes: z.array(creditTypeSchema),
    units: z.number().describe('Units allocated from it and held in reserve, 2 decimals'),
  })
  .strict();

/** What `GET /api/public/registry` answers as JSON (domain `PublicRegistry`): no price, organisation or person. */
export const publicRegistrySchema = z
  .object({
    sites: z.array(publicSiteSchema),
    byLpa: z.array(areaTotalSchema("The LPA's E60 code, as the planning areas (`/api/map/areas`) name it")),
    byNca: z.array(areaTotalSchema("The NCA's Natural England number")),
  })
  .strict();

const areaCsv = (kind: string, totals: readonly PublicAreaTotal[]): string =>
  csvText(
    [kind, `${kind} code`, 'credit type', 'sites', 'units'],
    totals.map((total) => [total.area, total.code, total.creditType, total.sites, total.units.toFixed(2)]),
  );

/** One table of the public registry as CSV (formula-guarded by the app's CSV writer). */
export function publicRegistryCsv(
  registry: PublicRegistry,
  table: (typeof PUBLIC_REGISTRY_TABLES)[number],
): string {
  if (table === 'lpa') return areaCsv('LPA', registry.byLpa);
  if (table === 'nca') return areaCsv('NCA', registry.byNca);
  return csvText(
    ['site', 'status', 'LPA', 'NCA', 'credit types', 'units'],
    registry.sites.map((site) => [
      site.name,
      site.status,
      site.lpa,
      site.nca,
      site.creditTypes.join('; '),
      site.units.toFixed(2),
    ]),
  );
}
