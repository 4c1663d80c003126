import type { EntityAction, FileView } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { renderWithApi } from '../activity/renderWithApi.tsx';
import { FileList } from './FileList.tsx';

const file = (overrides: Partial<FileView>): FileView => ({
  id: 'f1',
  ownerType: 'project',
  ownerId: 'p1',
  tag: 'Section106Agreement',
  filename: 'Section 106.pdf',
  mimeType: 'application/pdf',
  fileType: 'PDF',
  size: 1_572_864,
  sha256: 'a'.repeat(64),
  uploadedBy: { id: 'u1', displayName: 'Sam Supplier' },
  uploadedAt: '2025-09-03T08:05:00.000Z',
  current: true,
  replacesId: null,
  replacedReason: null,
  replacedById: null,
  ...overrides,
});

const filesOf = (ownerId: string) => `GET /api/files?ownerType=project&ownerId=${ownerId}`;
const REPLACE: EntityAction = { id: 'ReplaceDocument', title: 'Replace document', enabled: true };

describe('FileList', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists type, a download link, kind, size in Kb/Mb, upload date and uploader', async () => {
    server.routes = {
      [filesOf('p1')]: {
        body: {
          items: [
            file({}),
            file({
              id: 'f2',
              tag: 'SiteMap',
              filename: 'map.xlsx',
              fileType: 'Excel',
              size: 1536,
              uploadedBy: null,
              uploadedAt: '2025-01-15T23:30:00.000Z',
            }),
          ],
        },
      },
    };
    renderWithApi(
      <FileList owner={{ ownerType: 'project', ownerId: 'p1' }} self="/project/p1" />,
      server.origin,
    );
    const table = await screen.findByRole('table', { name: 'Documents' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['PDF', 'Section 106.pdf', 'Section 106 agreement', '1.50 Mb', '3 Sep 2025', 'Sam Supplier'],
      ['Excel', 'map.xlsx', 'Site map', '1.50 Kb', '15 Jan 2025', ''],
    ]);
    const link = within(table).getByRole('link', { name: 'Section 106.pdf' });
    expect(link).toHaveAttribute(
      'href',
      `${server.origin}/api/file/f1/download?ownerType=project&ownerId=p1`,
    );
    expect(link).toHaveAttribute('download', 'Section 106.pdf');
    expect(screen.queryByRole('button', { name: 'Replace document' })).toBeNull();
  });

  it("opens 'Replace document' in the action panel when the server offers it", async () => {
    server.routes = {
      [filesOf('p2')]: { body: { items: [file({ ownerId: 'p2' })] } },
      'GET /api/project/p2/action/ReplaceDocument': {
        status: 403,
        body: { error: 'forbidden', message: 'Not yours' },
      },
    };
    renderWithApi(
      <FileList owner={{ ownerType: 'project', ownerId: 'p2' }} self="/project/p2" actions={[REPLACE]} />,
      server.origin,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Replace document' }));
    await waitFor(() =>
      expect(
        server.received.some((request) => request.path === '/api/project/p2/action/ReplaceDocument'),
      ).toBe(true),
    );
  });

  it('shows a disabled Replace document when the server says it is not available', async () => {
    server.routes = { [filesOf('p3')]: { body: { items: [file({ ownerId: 'p3' })] } } };
    renderWithApi(
      <FileList
        owner={{ ownerType: 'project', ownerId: 'p3' }}
        self="/project/p3"
        actions={[{ ...REPLACE, enabled: false, reason: 'The project is closed' }]}
      />,
      server.origin,
    );
    expect(await screen.findByRole('button', { name: 'Replace document' })).toBeDisabled();
  });

  it('shows an empty state and a load failure', async () => {
    server.routes = {
      [filesOf('p4')]: { body: { items: [] } },
      [filesOf('p5')]: {
        status: 400,
        body: { error: 'bad_request', message: 'file path must have an owner defined' },
      },
    };
    renderWithApi(
      <>
        <FileList owner={{ ownerType: 'project', ownerId: 'p4' }} self="/project/p4" />
        <FileList
          owner={{ ownerType: 'project', ownerId: 'p5' }}
          self="/project/p5"
          title="Other documents"
        />
      </>,
      server.origin,
    );
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(await screen.findByText('The documents could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('file path must have an owner defined')).toBeInTheDocument();
  });
});
