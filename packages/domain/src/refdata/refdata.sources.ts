import type { OptionsSource } from '../forms/fields.ts';
import { MAX_PAGE_SIZE } from '../lists/paging.ts';

/**
 * Where Select fields load reference options at run time (SPEC 7 "Option loading"): active rows only, the record
 * id as the value and its name as the label. Paths have no `/api` prefix.
 */
export const OPTION_SOURCES = {
  markets: { url: `/markets?pageSize=${MAX_PAGE_SIZE}`, valueKey: 'id', labelKey: 'name' },
  standards: { url: '/standards', valueKey: 'id', labelKey: 'name' },
  projectTypes: { url: '/project-types', valueKey: 'id', labelKey: 'name' },
  ncas: { url: '/ncas', valueKey: 'id', labelKey: 'label' },
  lpas: { url: '/lpas', valueKey: 'id', labelKey: 'name' },
  subcatchments: { url: '/subcatchments', valueKey: 'id', labelKey: 'name' },
  participants: {
    url: `/organisations?type=PARTICIPANT&pageSize=${MAX_PAGE_SIZE}`,
    valueKey: 'id',
    labelKey: 'name',
  },
  agents: { url: `/organisations?type=AGENT&pageSize=${MAX_PAGE_SIZE}`, valueKey: 'id', labelKey: 'name' },
  declarations: {
    url: '/settings/declarations?active=true&pageSize=500',
    valueKey: 'id',
    labelKey: 'name',
    params: { category: 'category' },
  },
  /** Broad habitats of area habitats (hedgerows and watercourses have none). */
  areaBroadHabitats: { url: '/broad-habitats?module=Area', valueKey: 'name', labelKey: 'name' },
  /** Broad habitats of every module (the answer names each with its module). */
  broadHabitats: { url: '/broad-habitats', valueKey: 'name', labelKey: 'name' },
} as const satisfies Record<string, OptionsSource>;

/**
 * Habitat types filtered by the values of other fields (SPEC 5: habitat types filtered by broad habitat); the
 * value stored is the habitat type's name.
 */
export const habitatTypeSource = (params: Readonly<Record<string, string>>): OptionsSource => ({
  url: '/habitats',
  valueKey: 'habitatType',
  labelKey: 'habitatType',
  params,
});
