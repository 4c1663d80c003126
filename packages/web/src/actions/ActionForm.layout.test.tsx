import {
  buildActionFormData,
  declarationsValue,
  defineAction,
  MESSAGES,
  optionalText,
  requiredText,
} from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearOptionsCache } from './optionsSource.ts';
import { registerActions } from './registry.ts';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';
import { renderForm } from './testing/render.tsx';

const Grouped = defineAction({
  id: 'Grouped',
  entity: 'layout',
  title: 'Grouped',
  fields: [
    { id: 'a', type: 'Input', label: 'Alpha', optional: true },
    { id: 'b', type: 'Input', label: 'Beta', optional: true },
    { id: 'c', type: 'Input', label: 'Gamma', optional: true },
    {
      id: 'd',
      type: 'Input',
      htmlLabel: 'Delta <em>code</em><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a>',
      optional: true,
    },
  ],
  groups: [
    { id: 'closed', label: 'Closed group', description: 'Opens on demand', fieldIds: ['a'] },
    { id: 'open', label: 'Open group', defaultOpen: true, fieldIds: ['b'] },
    { id: 'fixed', label: 'Fixed group', collapsible: false, fieldIds: ['c'] },
  ],
  input: z.object({}),
});

const Stepped = defineAction({
  id: 'Stepped',
  entity: 'layout',
  title: 'Stepped',
  actionLabel: 'Register',
  fields: [
    { id: 'name', type: 'Input', label: 'Name' },
    {
      id: 'outcome',
      type: 'Select',
      label: 'Outcome',
      options: [
        { value: 'Pass', label: 'Pass' },
        { value: 'Fail', label: 'Fail' },
      ],
    },
    {
      id: 'reason',
      type: 'TextArea',
      label: 'Reason',
      visibleWhen: { fieldId: 'outcome', notOneOf: ['Pass'] },
    },
  ],
  steps: [
    { id: 'who', title: 'Who', fieldIds: ['name'] },
    { id: 'result', title: 'Result', fieldIds: ['outcome', 'reason'] },
  ],
  input: z
    .object({
      name: requiredText(),
      outcome: z.enum(['Pass', 'Fail'], { error: () => MESSAGES.required }),
      reason: optionalText(),
      declarations: declarationsValue(),
    })
    .superRefine((value, ctx) => {
      if (value.outcome === 'Fail' && value.reason === undefined)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason' });
    }),
});

const Located = defineAction({
  id: 'Located',
  entity: 'layout',
  title: 'Located',
  fields: [
    {
      id: 'broad',
      type: 'Select',
      label: 'Broad habitat',
      optionsSource: { url: '/broad-habitats', valueKey: 'id', labelKey: 'name' },
    },
    {
      id: 'habitat',
      type: 'Select',
      label: 'Habitat type',
      dependsOn: ['broad'],
      optionsSource: { url: '/habitats', valueKey: 'id', labelKey: 'name', params: { broad: 'broad' } },
    },
    {
      id: 'lpa',
      type: 'Select',
      label: 'LPA',
      optionsSource: { url: '/lpas', valueKey: 'id', labelKey: 'name' },
    },
  ],
  input: z.object({}),
});
const RoundChosen = defineAction({
  id: 'RoundChosen',
  entity: 'layout',
  title: 'Round chosen',
  actionLabel: 'Register',
  fields: [
    {
      id: 'roundId',
      type: 'Select',
      label: 'Market round',
      options: [
        { value: 'r1', label: 'Spring' },
        { value: 'r2', label: 'Autumn' },
      ],
    },
  ],
  input: z.object({ roundId: requiredText(), declarations: declarationsValue().optional() }),
});
registerActions([Grouped, Stepped, Located, RoundChosen]);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/broad-habitats': {
      body: [
        { id: 'G', name: 'Grassland' },
        { id: 'W', name: 'Woodland' },
      ],
    },
    'GET /api/habitats?broad=G': { body: [{ id: 'g1', name: 'Lowland meadows' }], delayMs: 5000 },
    // Two options: a required choice with one option is filled in and fixed (tested with the select field).
    'GET /api/habitats?broad=W': {
      body: [
        { id: 'w1', name: 'Wet woodland' },
        { id: 'w2', name: 'Lowland mixed deciduous woodland' },
      ],
    },
    'POST /api/layout/1/action/Stepped': { body: {} },
    'POST /api/layout/1/action/RoundChosen': { body: {} },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  clearOptionsCache();
});

describe('groups', () => {
  it('collapse by default, open with defaultOpen, and a non-collapsible group is always open', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(Grouped));
    const closedToggle = screen.getByRole('button', { name: /Closed group/ });
    expect(closedToggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: /Alpha/ })).not.toBeInTheDocument();
    expect(screen.getByText('Opens on demand')).toBeInTheDocument();
    await user.click(closedToggle);
    expect(screen.getByRole('textbox', { name: /Alpha/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /Open group/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: /Beta/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Open group/ }));
    expect(screen.queryByRole('textbox', { name: /Beta/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fixed group/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Gamma/ })).toBeVisible();
  });

  it('renders HTML labels from a safe subset only', () => {
    renderForm(buildActionFormData(Grouped));
    const label = screen.getByText('code');
    expect(label.tagName).toBe('EM');
    expect(document.querySelector('form img')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Delta code link optional' })).toBeInTheDocument();
  });
});

describe('steps, conditional fields and declarations', () => {
  it('walks the pages with Next and Previous, validating each page, then submits the visible values', async () => {
    const user = userEvent.setup();
    renderForm(
      buildActionFormData(Stepped, {
        initialValues: { reason: 'stale' },
        declarations: [{ id: 'truth', name: 'Truth', text: 'The information given is true' }],
      }),
      { apiBase: server.origin, self: '/layout/1' },
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Outcome' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Meadow');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    const outcome = screen.getByRole('combobox', { name: 'Outcome' });
    expect(screen.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    await user.click(outcome);
    await user.click(await screen.findByRole('option', { name: 'Fail' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveValue('stale');
    await user.clear(screen.getByRole('textbox', { name: 'Reason' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Give a reason');
    const declaration = screen.getByRole('checkbox', { name: 'The information given is true' });
    expect(screen.getByText('Must be agreed to')).toBeInTheDocument();
    await user.click(declaration);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Meadow');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Pass' }));
    expect(screen.queryByRole('textbox', { name: 'Reason' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({
      name: 'Meadow',
      outcome: 'Pass',
      declarations: { truth: true },
    });
  });
});

describe('declarations of the chosen round', () => {
  it('shows, checks and sends only the declarations the chosen round asks', async () => {
    const user = userEvent.setup();
    renderForm(
      buildActionFormData(RoundChosen, {
        declarations: [
          {
            id: 'both',
            name: 'Accurate',
            text: 'The information is accurate',
            visibleWhen: { fieldId: 'roundId', oneOf: ['r1', 'r2'] },
          },
          {
            id: 'spring',
            name: 'Spring land',
            text: 'The land is mine',
            visibleWhen: { fieldId: 'roundId', oneOf: ['r1'] },
          },
        ],
      }),
      { apiBase: server.origin, self: '/layout/1' },
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Market round' }));
    await user.click(await screen.findByRole('option', { name: 'Spring' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'The land is mine' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Market round' }));
    await user.click(await screen.findByRole('option', { name: 'Autumn' }));
    expect(screen.queryByRole('checkbox', { name: 'The land is mine' })).not.toBeInTheDocument();
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'The information is accurate' }));
    expect(register).toBeEnabled();
    await user.click(register);
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({
      roundId: 'r2',
      declarations: { both: true },
    });
  });
});

describe('option sources', () => {
  it('load per field, reload when a parameter field changes (cancelling the old load) and reset dependants', async () => {
    const user = userEvent.setup();
    const lpas = [
      { value: '7', label: 'Cornwall' },
      { value: '8', label: 'Devon' },
    ];
    renderForm(buildActionFormData(Located, { options: { lpa: lpas } }), {
      apiBase: server.origin,
    });
    await user.click(screen.getByRole('combobox', { name: 'Broad habitat' }));
    await user.click(await screen.findByRole('option', { name: 'Grassland' }));
    await waitFor(() =>
      expect(server.received.map((request) => request.path)).toContain('/api/habitats?broad=G'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Broad habitat' }));
    await user.click(await screen.findByRole('option', { name: 'Woodland' }));
    await user.click(screen.getByRole('combobox', { name: 'Habitat type' }));
    expect(await screen.findByRole('option', { name: 'Wet woodland' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Lowland meadows' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.received.find((request) => request.path === '/api/habitats?broad=G')?.cancelled).toBe(
        true,
      ),
    );
    await user.click(await screen.findByRole('option', { name: 'Wet woodland' }));
    expect(screen.getByRole('combobox', { name: 'Habitat type' })).toHaveValue('Wet woodland');
    await user.click(screen.getByRole('combobox', { name: 'Broad habitat' }));
    await user.click(await screen.findByRole('option', { name: 'Grassland' }));
    expect(screen.getByRole('combobox', { name: 'Habitat type' })).toHaveValue('');
    await user.click(screen.getByRole('combobox', { name: 'LPA' }));
    expect(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Cornwall' }),
    ).toBeInTheDocument();
    expect(server.received.some((request) => request.path.startsWith('/api/lpas'))).toBe(false);
  });
});
