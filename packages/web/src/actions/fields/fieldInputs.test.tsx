import {
  agreedValue,
  buildActionFormData,
  defineAction,
  isoDateValue,
  requiredText,
  units,
} from '@curlew/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearOptionsCache } from '../optionsSource.ts';
import { registerActions } from '../registry.ts';
import { type LocalServer, startLocalServer } from '../testing/localServer.ts';
import { renderForm } from '../testing/render.tsx';

const PLACES = Array.from({ length: 14 }, (_, index) => ({
  value: `p${index}`,
  label: ['Isle of Wight LPA', 'Fareham LPA', 'Eastleigh LPA', 'Havant LPA'][index] ?? `Place ${index} LPA`,
}));

const Inputs = defineAction({
  id: 'Inputs',
  entity: 'inputtest',
  title: 'Inputs',
  fields: [
    { id: 'units', type: 'Number', label: 'Units', suffix: 'units' },
    { id: 'checked', type: 'Date', label: 'Date of check' },
    { id: 'place', type: 'Select', label: 'Place', options: PLACES },
    {
      id: 'colour',
      type: 'Select',
      label: 'Colour',
      options: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    },
    { id: 'agreed', type: 'Checkbox', label: 'I agree' },
  ],
  input: z.object({
    units: units(),
    checked: isoDateValue(),
    place: requiredText(),
    colour: requiredText(),
    agreed: agreedValue(),
  }),
});
const Habitat = defineAction({
  id: 'Habitat',
  entity: 'inputtest',
  title: 'Habitat',
  fields: [
    {
      id: 'habitatType',
      type: 'Select',
      label: 'Habitat type',
      optionsSource: {
        url: '/habitats',
        valueKey: 'habitatType',
        labelKey: 'habitatType',
        fills: [{ fieldId: 'distinctiveness', key: 'distinctiveness', map: { VeryLow: 'Low' } }],
      },
    },
    {
      id: 'distinctiveness',
      type: 'Select',
      label: 'Distinctiveness',
      options: [
        { value: 'Low', label: 'Low' },
        { value: 'High', label: 'High' },
        { value: 'VeryHigh', label: 'Very high' },
      ],
    },
  ],
  input: z.object({ habitatType: requiredText(), distinctiveness: requiredText() }),
});
registerActions([Inputs, Habitat]);

let server: LocalServer;
beforeAll(async () => {
  clearOptionsCache();
  server = await startLocalServer({
    'GET /api/habitats': {
      body: [
        { habitatType: 'Lowland meadows', distinctiveness: 'VeryHigh' },
        { habitatType: 'Developed land; sealed surface', distinctiveness: 'VeryLow' },
      ],
    },
  });
});
afterAll(() => server.close());

describe('the number input', () => {
  it('keeps what was typed: 1e9 is a billion, refused by the bound, and a text that is no number is refused', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Inputs));
    const box = screen.getByRole('textbox', { name: 'Units' });
    await user.type(box, '1e9');
    expect(box).toHaveValue('1e9');
    expect(await screen.findByText('Must be at most 100,000 units')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box);
    await user.type(box, 'banana');
    expect(box).toHaveValue('banana');
    expect(await screen.findByText('Must be a number')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '1,250.5');
    expect(box).toHaveValue('1,250.5');
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid', 'true'));
  });
});

describe('the date input', () => {
  it('keeps a typed invalid date and says it is not a valid date', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Inputs));
    const box = screen.getByRole('textbox', { name: 'Date of check' });
    await user.type(box, '31/02/2026');
    fireEvent.blur(box);
    expect(await screen.findByText('Not a valid date')).toBeInTheDocument();
    expect(box).toHaveValue('31/02/2026');
    expect(box).toHaveAccessibleDescription('Not a valid date');
    await user.clear(box);
    await user.type(box, '28/02/2026');
    fireEvent.blur(box);
    await waitFor(() => expect(screen.queryByText('Not a valid date')).not.toBeInTheDocument());
  });
});

describe('the select', () => {
  it('lets a long list be filtered by typing; a short one is not searchable', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Inputs));
    const place = screen.getByRole('combobox', { name: 'Place' });
    expect(place).not.toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Colour' })).toHaveAttribute('readonly');
    await user.click(place);
    await user.type(place, 'Wight');
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Isle of Wight LPA']),
    );
    await user.click(within(list).getByRole('option', { name: 'Isle of Wight LPA' }));
    expect(place).toHaveValue('Isle of Wight LPA');
  });

  it('fills in another field from the chosen option, mapping the values it names', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Habitat), { apiBase: server.origin });
    const distinctiveness = screen.getByRole('combobox', { name: 'Distinctiveness' });
    await user.click(screen.getByRole('combobox', { name: 'Habitat type' }));
    await user.click(await screen.findByRole('option', { name: 'Lowland meadows' }));
    await waitFor(() => expect(distinctiveness).toHaveValue('Very high'));
    await user.click(screen.getByRole('combobox', { name: 'Habitat type' }));
    await user.click(await screen.findByRole('option', { name: 'Developed land; sealed surface' }));
    await waitFor(() => expect(distinctiveness).toHaveValue('Low'));
  });
});

describe('tick boxes', () => {
  it('carry aria-invalid while in error, as text fields do', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Inputs, { initialValues: { agreed: false } }));
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Must be agreed to')).toBeInTheDocument();
    await user.click(box);
    expect(box).toHaveAttribute('aria-invalid', 'false');
  });
});
