import { buildActionFormData } from '@curlew/domain';
import { commentAction } from '@curlew/domain/comment/index';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActions } from '../registry.ts';
import { typeIntoRichText } from '../testing/interact.tsx';
import { type LocalServer, startLocalServer } from '../testing/localServer.ts';
import { renderForm } from '../testing/render.tsx';

registerActions([commentAction]);

let server: LocalServer;
beforeAll(() => import('./RichTextEditor.tsx'), 120_000);
beforeAll(async () => {
  server = await startLocalServer({ 'POST /api/project/4/action/Comment': { body: {} } });
});
afterAll(() => server.close());

// jsdom has no editing events Lexical understands, so text goes in through the editor the element carries.

describe('RichTextEditor', () => {
  it('stores {json, text} that the shared Comment schema accepts, with headings from the block type menu', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(commentAction), { apiBase: server.origin, self: '/project/4' });
    const element = await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.getByText('Field required')).toBeInTheDocument();
    await typeIntoRichText(element, 'Hedgerow survey done');
    await waitFor(() => expect(screen.queryByText('Field required')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Block type' }), 'h3');
    await waitFor(() =>
      expect(within(element).getByRole('heading', { level: 3 })).toHaveTextContent('Hedgerow survey done'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.received).toHaveLength(1));
    const body: unknown = JSON.parse(server.received[0]?.body ?? '');
    expect(body).toMatchObject({ content: { text: 'Hedgerow survey done' } });
    const content = (body as { content: { json: string } }).content;
    expect(JSON.parse(content.json)).toMatchObject({ root: { children: [{ type: 'heading', tag: 'h3' }] } });
    expect(commentAction.input.safeParse(body).success).toBe(true);
  });

  it('turns blocks into lists, quotes and code', async () => {
    const user = userEvent.setup();
    renderForm(buildActionFormData(commentAction));
    const element = await screen.findByRole('textbox', { name: 'Comment' });
    await typeIntoRichText(element, 'Point');
    const blockType = screen.getByRole('combobox', { name: 'Block type' });
    await user.selectOptions(blockType, 'bullet');
    await waitFor(() => expect(within(element).getByRole('list')).toHaveTextContent('Point'));
    await user.selectOptions(blockType, 'quote');
    await waitFor(() => expect(element.querySelector('blockquote')).toHaveTextContent('Point'));
    await user.selectOptions(blockType, 'code');
    await waitFor(() => expect(element.querySelector('code')).toHaveTextContent('Point'));
  });
});
