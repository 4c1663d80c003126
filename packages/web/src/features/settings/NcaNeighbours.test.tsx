import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { NcaNeighbourImportSummary, NcaNeighbours } from './NcaNeighbours.tsx';

describe('NCA neighbours', () => {
  it("lists an NCA's neighbours with links to their pages", () => {
    renderAt(
      <NcaNeighbours
        nca={{
          id: 'n128',
          number: 128,
          neighbours: [{ id: 'n131', number: 131, name: 'New Forest', label: 'NCA 131 New Forest' }],
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'NCA 131 New Forest' })).toHaveAttribute(
      'href',
      '/settings/refdata/ncas/n131',
    );
    expect(screen.getByRole('button', { name: 'Edit neighbours' })).toBeEnabled();
  });

  it('says when none are recorded', () => {
    renderAt(<NcaNeighbours nca={{ id: 'n7', number: 7, neighbours: [] }} />);
    expect(screen.getByText('None recorded.')).toBeInTheDocument();
  });

  it('shows what happened to each imported pair', () => {
    renderAt(
      <NcaNeighbourImportSummary
        report={{
          message: 'Imported 2 pairs of neighbouring NCAs: 1 new, 1 already known',
          created: 1,
          unchanged: 1,
          lines: [
            { line: 2, nca: 128, neighbour: 131, outcome: 'created' },
            { line: 3, nca: 131, neighbour: 128, outcome: 'unchanged' },
          ],
        }}
      />,
    );
    expect(
      screen.getByText('Imported 2 pairs of neighbouring NCAs: 1 new, 1 already known'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'LineNCANeighbourResult',
      '2128131New',
      '3131128Already known',
    ]);
  });
});
