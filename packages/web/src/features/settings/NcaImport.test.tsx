import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { ApiError } from '../../app/api.ts';
import { describeImportError, NcaImportErrors, NcaImportSummary } from './NcaImport.tsx';

describe('NCA import report', () => {
  it('names the line and column of each error', () => {
    expect(
      describeImportError({ path: 'lines.4.number', message: 'Must be a whole number greater than 0' }),
    ).toBe('Line 4, number: Must be a whole number greater than 0');
    expect(describeImportError({ path: 'lines.7', message: 'Bad line' })).toBe('Line 7: Bad line');
    expect(describeImportError({ path: 'file', message: 'The file has no NCAs below its header' })).toBe(
      'The file has no NCAs below its header',
    );
  });

  it('lists every refused line under the reason nothing was imported', () => {
    const error = new ApiError('2 lines have errors; nothing was imported', 422, 'validation', [
      { path: 'lines.3.number', message: 'Must be a whole number greater than 0' },
      { path: 'lines.5.number', message: 'NCA 8 is also on line 2' },
    ]);
    renderAt(<NcaImportErrors error={error} />);
    expect(screen.getByText('2 lines have errors; nothing was imported')).toBeInTheDocument();
    expect(screen.getByText('Line 5, number: NCA 8 is also on line 2')).toBeInTheDocument();
  });

  it('shows what happened to each imported line', () => {
    renderAt(
      <NcaImportSummary
        report={{
          message: 'Imported 2 NCAs: 1 created, 1 updated, 0 unchanged',
          created: 1,
          updated: 1,
          unchanged: 0,
          lines: [
            { line: 2, number: 6, name: 'Solway Basin', outcome: 'created' },
            { line: 3, number: 2, name: 'Northumberland Sandstone Hills', outcome: 'updated' },
          ],
        }}
      />,
    );
    expect(screen.getByText('Imported 2 NCAs: 1 created, 1 updated, 0 unchanged')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Solway Basin/ })).toHaveTextContent('Created');
    expect(screen.getByRole('row', { name: /Sandstone/ })).toHaveTextContent('Renamed');
  });
});
