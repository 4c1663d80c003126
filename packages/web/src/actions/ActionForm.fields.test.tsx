import { buildActionFormData, defineAction, type FieldDefinition } from '@curlew/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerActions } from './registry.ts';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderForm } from './testing/render.tsx';

const FIELDS = [
  { id: 'title', type: 'Input', label: 'Title', optional: true },
  { id: 'secret', type: 'Password', label: 'Secret', optional: true },
  { id: 'summary', type: 'TextArea', label: 'Summary', rows: 6, optional: true },
  { id: 'area', type: 'Number', label: 'Area', prefix: '≈', suffix: 'ha', decimals: 2, optional: true },
  {
    id: 'colour',
    type: 'Select',
    label: 'Colour',
    optional: true,
    options: [
      { value: 'red', label: 'Red' },
      { value: 'green', label: 'Green' },
    ],
  },
  {
    id: 'services',
    type: 'SelectMulti',
    label: 'Services',
    optional: true,
    options: [
      { value: 'Biodiversity', label: 'Biodiversity' },
      { value: 'Nitrogen', label: 'Nitrogen' },
      { value: 'Phosphorous', label: 'Phosphorous' },
    ],
  },
  { id: 'compliant', type: 'YesNo', label: 'Compliant', optional: true },
  { id: 'visited', type: 'Date', label: 'Visited', optional: true },
  { id: 'arrival', type: 'Time', label: 'Arrival', optional: true },
  { id: 'meeting', type: 'DateTime', label: 'Meeting', optional: true },
  { id: 'active', type: 'Boolean', label: 'Active', optional: true },
  { id: 'agreed', type: 'Checkbox', label: 'I agree to the terms' },
] as const satisfies readonly FieldDefinition[];

const EveryField = defineAction({
  id: 'EveryField',
  entity: 'fieldtest',
  title: 'Every field',
  fields: FIELDS,
  input: z.object({}).loose(),
});
registerActions([EveryField]);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ 'POST /api/fieldtest/1/action/EveryField': { body: {} } });
});
afterAll(() => server.close());

const submitted = async (user: ReturnType<typeof userEvent.setup>): Promise<unknown> => {
  const before = server.received.length;
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.received.length).toBe(before + 1));
  return JSON.parse(server.received.at(-1)?.body ?? 'null');
};

const renderEveryField = (initialValues = {}) => {
  const onSucceeded = vi.fn();
  renderForm(buildActionFormData(EveryField, { initialValues }), {
    apiBase: server.origin,
    self: '/fieldtest/1',
    onSucceeded,
  });
  return onSucceeded;
};

describe('field types', () => {
  it('text, password, text area and number inputs store typed values', async () => {
    const user = userEvent.setup();
    renderEveryField();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Wet meadow');
    await user.type(screen.getByLabelText(/Secret/), 'hunter22');
    expect(screen.getByLabelText(/Secret/)).toHaveAttribute('type', 'password');
    await user.type(screen.getByRole('textbox', { name: /Summary/ }), 'Line one');
    expect(screen.getByRole('textbox', { name: /Summary/ })).toHaveAttribute('rows', '6');
    await user.type(screen.getByRole('textbox', { name: /Area/ }), '12.5');
    expect(screen.getByText('≈')).toBeInTheDocument();
    expect(screen.getByText('ha')).toBeInTheDocument();
    expect(await submitted(user)).toEqual({
      title: 'Wet meadow',
      secret: 'hunter22',
      summary: 'Line one',
      area: 12.5,
    });
  });

  it('select, multi-select and yes/no store their option values', async () => {
    const user = userEvent.setup();
    renderEveryField();
    await user.click(screen.getByRole('combobox', { name: /Colour/ }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await user.click(screen.getByRole('combobox', { name: /Services/ }));
    await user.click(await screen.findByRole('option', { name: 'Nitrogen' }));
    await user.click(await screen.findByRole('option', { name: 'Biodiversity' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('radiogroup', { name: /Compliant/ })).toBeInTheDocument();
    expect(await submitted(user)).toEqual({
      colour: 'green',
      services: ['Nitrogen', 'Biodiversity'],
      compliant: false,
    });
  });

  it('date, time and date-time store ISO forms; times are limited to 00:00-23:59', async () => {
    const user = userEvent.setup();
    renderEveryField();
    await user.type(screen.getByRole('textbox', { name: /Visited/ }), '3 Sep 2025');
    const arrival = screen.getByLabelText(/Arrival/);
    expect(arrival).toHaveAttribute('type', 'time');
    expect(arrival).toHaveAttribute('min', '00:00');
    expect(arrival).toHaveAttribute('max', '23:59');
    fireEvent.change(arrival, { target: { value: '23:59' } });
    const meeting = screen.getByLabelText(/Meeting/);
    fireEvent.change(meeting, { target: { value: '2025-05-01T09:30' } });
    expect(await submitted(user)).toEqual({
      visited: '2025-09-03',
      arrival: '23:59',
      meeting: new Date('2025-05-01T09:30').toISOString(),
    });
  });

  it('shows stored date, time and date-time values', () => {
    renderEveryField({
      visited: '2025-09-03',
      arrival: '07:05',
      meeting: new Date('2025-05-01T09:30').toISOString(),
    });
    expect(screen.getByRole('textbox', { name: /Visited/ })).toHaveValue('3 Sep 2025');
    expect(screen.getByLabelText(/Arrival/)).toHaveValue('07:05');
    expect(screen.getByLabelText(/Meeting/)).toHaveValue('2025-05-01T09:30');
  });

  it('switch and checkbox store booleans', async () => {
    const user = userEvent.setup();
    renderEveryField();
    await user.click(screen.getByRole('switch', { name: /Active/ }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms' }));
    expect(await submitted(user)).toEqual({ active: true, agreed: true });
  });
});
