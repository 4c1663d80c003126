import {
  buildActionFormData,
  type MentionCandidate,
  mentionedUserIds,
  parseRichTextJson,
} from '@curlew/domain';
import { commentAction } from '@curlew/domain/comment/index';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActions } from '../registry.ts';
import { Opener, typeIntoRichText } from '../testing/interact.tsx';
import { type LocalServer, startLocalServer } from '../testing/localServer.ts';
import { renderWithPanel } from '../testing/render.tsx';

registerActions([commentAction]);

// jsdom has no layout; the typeahead places its menu at the caret's rectangle, so ranges get an empty one.
for (const method of ['getBoundingClientRect', 'getClientRects'] as const) {
  if (!(method in Range.prototype)) {
    Object.defineProperty(Range.prototype, method, {
      configurable: true,
      value: method === 'getBoundingClientRect' ? () => new DOMRect() : () => [],
    });
  }
}

const ALEX: MentionCandidate = {
  id: '0b6f0c3e-5a7d-4d4b-8f41-2a9d3c6e7f10',
  displayName: 'Alex Admin',
  organisationName: null,
};

let server: LocalServer;
let posted: unknown;
beforeAll(() => import('./RichTextEditor.tsx'), 120_000);
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/organisation/o5/action/Comment': { body: buildActionFormData(commentAction) },
    'GET /api/comments/mentionable?subjectType=organisation&subjectId=o5&q=Al': { body: [ALEX] },
    'POST /api/organisation/o5/action/Comment': (request) => {
      posted = JSON.parse(request.body);
      return { body: { message: 'Comment added' } };
    },
  });
});
afterAll(() => server.close());

describe("the action panel's Comment form", () => {
  it("offers the users who may see the entity after '@' and submits the chosen one as a mention", async () => {
    const user = userEvent.setup();
    renderWithPanel(<Opener target={{ self: '/organisation/o5', actionId: 'Comment' }} />, server.origin);
    await user.click(screen.getByRole('button', { name: 'Open action' }));
    const panel = await screen.findByRole('dialog', { name: 'Comment' });
    const element = await within(panel).findByRole('textbox', { name: 'Comment' });
    element.focus();
    await typeIntoRichText(element, 'Please review @Al');

    const menu = await within(panel).findByRole('listbox', { name: 'Mention someone' });
    await user.click(within(menu).getByRole('option', { name: /Alex Admin/ }));
    await waitFor(() => expect(element).toHaveTextContent('Please review @Alex Admin'));

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toBeDefined());
    const content = (posted as { content: { json: string; text: string } }).content;
    expect(content.text).toBe('Please review @Alex Admin ');
    const parsed = parseRichTextJson(content.json);
    if (!parsed.success) throw new Error(parsed.message);
    expect(mentionedUserIds(parsed.state)).toEqual([ALEX.id]);
  });
});
