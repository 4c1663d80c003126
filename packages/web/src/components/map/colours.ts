/**
 * The colours of an area's value on a map (a choropleth), from none to the most: light to dark green. Kept apart from
 * `AreaMap.tsx` so a page's legend can name them without loading the map's code.
 */
export const AREA_VALUE_COLOURS = { none: '#f7f7f2', most: '#2f7d4f' } as const;
