import type { CommentPage, CommentView } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createParagraphNode, $createTextNode, $getRoot, getNearestEditorFromDOMNode } from 'lexical';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderWithApi } from '../activity/testing/renderWithApi.tsx';
import { CommentsPanel } from './CommentsPanel.tsx';

const paragraph = (value: string) =>
  JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      children: [
        { type: 'paragraph', version: 1, children: [{ type: 'text', text: value, format: 0, version: 1 }] },
      ],
    },
  });

const comment = (overrides: Partial<CommentView>): CommentView => ({
  id: 'c1',
  subjectType: 'organisation',
  subjectId: 'o1',
  author: { id: 'u1', displayName: 'Sam Supplier', organisationName: 'Wetland Trust' },
  json: paragraph('Looks good'),
  text: 'Looks good',
  createdAt: '2025-09-03T08:05:00.000Z',
  ...overrides,
});

const page = (items: CommentView[]): CommentPage => ({ items, total: items.length, page: 1, pageSize: 10 });
const list = (subjectId: string) =>
  `GET /api/comments?subjectType=organisation&subjectId=${subjectId}&page=1&pageSize=10`;
const COMMENT_ACTION = { id: 'Comment', title: 'Comment', enabled: true };

describe('CommentsPanel', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists comments with author, organisation and time, rendering each rich text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes = {
      [list('o1')]: {
        body: page([
          comment({
            id: 'c2',
            json: paragraph('Second'),
            author: { id: 'u2', displayName: 'Kim Buyer', organisationName: null },
          }),
          comment({ id: 'c1', json: '{"root":' }),
        ]),
      },
    };
    renderWithApi(
      <CommentsPanel subject={{ subjectType: 'organisation', subjectId: 'o1' }} self="/organisation/o1" />,
      server.origin,
    );
    const kims = await screen.findByRole('article', { name: 'Comment by Kim Buyer' });
    expect(kims).toHaveTextContent('Kim Buyer3 Sep 2025 09:05Second');
    const sams = screen.getByRole('article', { name: 'Comment by Sam Supplier' });
    expect(sams).toHaveTextContent('Sam Supplier · Wetland Trust');
    expect(within(sams).getByRole('alert')).toHaveTextContent('An error was thrown.');
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
  });

  it('shows an empty state and a load failure', async () => {
    server.routes = {
      [list('o2')]: { body: page([]) },
      [list('o3')]: {
        status: 404,
        body: { error: 'not_found', message: 'No organisation o3 that you may see' },
      },
    };
    renderWithApi(
      <>
        <CommentsPanel subject={{ subjectType: 'organisation', subjectId: 'o2' }} self="/organisation/o2" />
        <CommentsPanel subject={{ subjectType: 'organisation', subjectId: 'o3' }} self="/organisation/o3" />
      </>,
      server.origin,
    );
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    expect(await screen.findByText('The comments could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No organisation o3 that you may see')).toBeInTheDocument();
  });

  it("offers the editor only when the server lists Comment, and refuses an empty comment: 'Field required'", async () => {
    server.routes = { [list('o4')]: { body: page([]) } };
    renderWithApi(
      <CommentsPanel
        subject={{ subjectType: 'organisation', subjectId: 'o4' }}
        self="/organisation/o4"
        actions={[COMMENT_ACTION]}
      />,
      server.origin,
    );
    expect(
      await screen.findByRole('textbox', { name: 'Add a comment' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const before = server.received.length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Field required')).toBeInTheDocument();
    expect(server.received.length).toBe(before);
  });

  it('posts the comment as the Comment action and reloads the list', async () => {
    let posted: unknown;
    let stored: CommentView[] = [];
    server.routes = {
      [list('o5')]: () => ({ body: page(stored) }),
      'POST /api/organisation/o5/action/Comment': (request) => {
        posted = JSON.parse(request.body);
        stored = [comment({ id: 'new', json: paragraph('Fresh note'), subjectId: 'o5' })];
        return { body: {} };
      },
    };
    renderWithApi(
      <CommentsPanel
        subject={{ subjectType: 'organisation', subjectId: 'o5' }}
        self="/organisation/o5"
        actions={[COMMENT_ACTION]}
      />,
      server.origin,
    );
    const editor = await screen.findByRole('textbox', { name: 'Add a comment' }, { timeout: 5000 });
    // jsdom has no editing selection, so the text goes in through the editor's own API (typing is covered in Chromium).
    const lexical = getNearestEditorFromDOMNode(editor);
    if (lexical === null) throw new Error('No editor behind the textbox');
    lexical.update(
      () => {
        const paragraph = $createParagraphNode();
        paragraph.append($createTextNode('Fresh note'));
        $getRoot().clear().append(paragraph);
      },
      { discrete: true },
    );
    await waitFor(() => expect(editor).toHaveTextContent('Fresh note'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('article', { name: 'Comment by Sam Supplier' })).toHaveTextContent(
      'Fresh note',
    );
    expect(posted).toMatchObject({ content: { text: 'Fresh note' } });
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).not.toHaveTextContent('Fresh note');
  });
});
