import { describe, expect, it } from 'vitest';
import { fieldChanges } from './changes.ts';

describe('fieldChanges', () => {
  it('records only the fields whose value changed; blanks (nothing, empty text, empty list) are alike', () => {
    const changes = fieldChanges(
      { durations: null, note: '', name: 'Plover Farm', ncaIds: ['n1'], mailingAddress: null },
      { durations: [], note: null, name: 'Lapwing Farm', ncaIds: ['n1'], mailingAddress: '1 Marsh Lane' },
      { fields: [{ id: 'name', type: 'Input', label: 'Name' }] },
    );
    expect(changes).toEqual([
      { field: 'name', label: 'Name', before: 'Plover Farm', after: 'Lapwing Farm' },
      { field: 'mailingAddress', label: 'Mailing address', before: null, after: '1 Marsh Lane' },
    ]);
  });
});
