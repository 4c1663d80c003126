/**
 * Where a site or a development is, asked alike of projects and requirements: the nearest address, then an OS grid
 * reference and a three-word address, both optional (their rules are in `validation/location.ts`).
 */
export const PLACE_FIELDS = [
  { id: 'nearAddress', type: 'TextArea', label: 'Nearest address', rows: 2 },
  {
    id: 'gridReference',
    type: 'Input',
    label: 'Grid reference',
    optional: true,
    hint: 'e.g. SU 12345 67890',
  },
  {
    id: 'threeWords',
    type: 'Input',
    label: 'Three-word address',
    optional: true,
    hint: 'e.g. ///filled.count.soap',
  },
] as const;
