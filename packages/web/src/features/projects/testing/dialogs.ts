import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { LocalServer, Routes } from '../../../actions/testing/localServer.ts';
import { clickAction } from '../../../components/actions/testing/clickAction.ts';
import { listOf, operator } from '../../organisations/testing/fixtures.ts';
import { renderPage } from '../../organisations/testing/renderPage.tsx';
import { ProjectPage } from '../ProjectPage.tsx';
import { projectOf } from './fixtures.ts';

/** The user-event session a dialog test acts through. */
export type User = ReturnType<typeof userEvent.setup>;
/** An enabled action of a record. */
export const action = (id: string, title: string) => ({ id, title, enabled: true });
/** The empty comment and activity feeds of a record's page. */
export const feeds = (subjectType: string, id: string): Routes => ({
  [`GET /api/comments?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
  [`GET /api/activity?subjectType=${subjectType}&subjectId=${id}&page=1&pageSize=10`]: { body: listOf([]) },
});

/** Waiting for the body a dialog posted to a path, and opening a dialog, on the given dialog server. */
export function pageDialogs(server: LocalServer) {
  const posted = async (path: string) => {
    await waitFor(() =>
      expect(server.received.some((request) => request.method === 'POST' && request.path === path)).toBe(
        true,
      ),
    );
    return JSON.parse(
      server.received.find((request) => request.method === 'POST' && request.path === path)?.body ?? '{}',
    );
  };

  /** Opens a page, clicks one of its action buttons and answers the dialog. */
  const openDialog = async (
    title: string,
    page: { path: string; at: string; component: typeof ProjectPage },
    routes: Routes,
    user = operator,
  ) => {
    server.routes = routes;
    const events = userEvent.setup();
    renderPage([{ path: page.path, page: page.component }], { at: page.at, apiBase: server.origin, user });
    if (page.component === ProjectPage) await clickAction(events, title);
    else await events.click(await screen.findByRole('button', { name: title }));
    const form = await screen.findByRole('form', { name: title }, { timeout: 30_000 });
    return { user: events, dialog: form.closest('[role="dialog"]') as HTMLElement };
  };
  return { posted, openDialog };
}

/** Chooses an option of a dialog's combobox. */
export const choose = async (user: User, dialog: HTMLElement, label: RegExp | string, option: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

/** The options a field's dropdown offers now (its own listbox, not another field's). */
export const optionNames = async (user: User, dialog: HTMLElement, label: RegExp | string) => {
  const field = within(dialog).getByRole('combobox', { name: label });
  await user.click(field);
  const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '');
  const names = listbox
    ? within(listbox)
        .queryAllByRole('option')
        .map((option) => option.textContent)
    : [];
  await user.keyboard('{Escape}');
  return names;
};

/** The page of project p1, and its routes with the given actions (plus more routes). */
export const projectPage = { path: '/projects/:id', at: '/projects/p1', component: ProjectPage };
export const projectRoutes = (actions: ReturnType<typeof action>[], more: Routes): Routes => ({
  'GET /api/project/p1': { body: projectOf({ id: 'p1', actions }) },
  ...feeds('project', 'p1'),
  ...more,
});
