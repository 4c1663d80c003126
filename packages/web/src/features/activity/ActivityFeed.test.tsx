import { type ActivityItemView, type FeedPage, statusChangeText } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../../actions/testing/localServer.ts';
import { ActivityFeed } from './ActivityFeed.tsx';
import { renderWithApi } from './testing/renderWithApi.tsx';

const entry = (overrides: Partial<ActivityItemView>): ActivityItemView => ({
  id: 'a1',
  subjectType: 'organisation',
  subjectId: 'o1',
  actionId: 'Update',
  title: 'Update details',
  actor: { id: 'u1', displayName: 'Sam Supplier', organisationName: 'Wetland Trust' },
  statusBefore: null,
  statusAfter: null,
  details: null,
  at: '2025-09-03T08:05:00.000Z',
  ...overrides,
});

const page = (items: ActivityItemView[], total = items.length, number = 1): FeedPage<ActivityItemView> => ({
  items,
  total,
  page: number,
  pageSize: 10,
});

const path = (subjectId: string, number = 1) =>
  `GET /api/activity?subjectType=organisation&subjectId=${subjectId}&page=${number}&pageSize=10`;

describe('ActivityFeed', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("shows who did what, when ('d MMM yyyy HH:mm', UK time) and the status change, newest first", async () => {
    server.routes = {
      [path('o1')]: {
        body: page([
          entry({
            id: 'a2',
            title: 'Submit',
            statusBefore: 'Draft',
            statusAfter: 'Submitted',
            at: '2025-09-03T08:05:00.000Z',
          }),
          entry({ id: 'a1', title: 'Comment', actor: null, at: '2025-01-15T23:30:00.000Z' }),
        ]),
      },
    };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o1' }} />, server.origin);
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Sam Supplier Submit (Draft → Submitted)3 Sep 2025 09:05',
      'System Comment15 Jan 2025 23:30',
    ]);
  });

  it('says what changed in words: each field old → new, who was invited, the reason; nothing technical', async () => {
    server.routes = {
      [path('o3')]: {
        body: page([
          entry({
            id: 'a3',
            title: 'Update organisation',
            details: {
              changes: [
                { field: 'phone', label: 'Phone', before: '+447700900123', after: '+447700900456' },
                { field: 'contact', label: 'Contact name', before: null, after: 'Wren Warbler' },
                {
                  field: 'address',
                  label: 'Mailing address',
                  before: { id: 'x9', name: 'Old Barn' },
                  after: '',
                },
              ],
            },
          }),
          entry({ id: 'a2', title: 'Invite user', details: { invited: 'robin@example.org' } }),
          entry({
            id: 'a1',
            title: 'Replace document',
            details: { reason: 'Signed copy', document: { id: 'f1', name: 'authority.pdf' }, changes: 'odd' },
          }),
        ]),
      },
    };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o3' }} />, server.origin);
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText('Phone: +447700900123 → +447700900456')).toBeInTheDocument();
    expect(within(list).getByText('Contact name: none → Wren Warbler')).toBeInTheDocument();
    expect(within(list).getByText('Mailing address: Old Barn → none')).toBeInTheDocument();
    expect(within(list).getByText('Invited robin@example.org')).toBeInTheDocument();
    expect(within(list).getByText('Document: authority.pdf')).toBeInTheDocument();
    expect(within(list).getByText('Reason: Signed copy')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('x9');
    expect(list).not.toHaveTextContent('{');
  });

  it("leaves out fields that read the same before and after, and shows dates as 'd MMM yyyy'", async () => {
    server.routes = {
      [path('o5')]: {
        body: page([
          entry({
            id: 'a5',
            title: 'Update requirement',
            details: {
              changes: [
                { field: 'durations', label: 'Mitigation durations offered', before: null, after: [] },
                { field: 'note', label: 'Note', before: '', after: null },
                {
                  field: 'redemptionDate',
                  label: 'Redemption date',
                  before: '2027-06-30',
                  after: '2028-01-05',
                },
                {
                  field: 'closesAt',
                  label: 'Closes',
                  before: null,
                  after: '2025-09-03T08:05:00.000Z',
                },
              ],
            },
          }),
        ]),
      },
    };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o5' }} />, server.origin);
    const list = await screen.findByRole('list', { name: 'Activity' });
    const lines = within(list)
      .getAllByRole('listitem')
      .slice(1)
      .map((line) => line.textContent);
    expect(lines).toEqual(['Redemption date: 30 Jun 2027 → 5 Jan 2028', 'Closes: none → 3 Sep 2025 09:05']);
    expect(list).not.toHaveTextContent('Mitigation durations offered');
    expect(list).not.toHaveTextContent('2027-06-30');
  });

  it("links the record's activity as a CSV audit trail, with the feed's scope", async () => {
    server.routes = { [path('o6')]: { body: page([entry({ id: 'a6' })]) } };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o6' }} />, server.origin);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute(
      'href',
      `${server.origin}/api/activity?subjectType=organisation&subjectId=o6&format=csv`,
    );
    expect(link).toHaveAttribute('download', 'activity.csv');
  });

  it('shows a loader while loading and a message when there is no activity', async () => {
    server.routes = { [path('o2')]: { body: page([]), delayMs: 150 } };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o2' }} />, server.origin);
    expect(screen.getByLabelText('Loading activity')).toBeInTheDocument();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it("shows the server's message when the activity cannot be loaded", async () => {
    server.routes = {
      [path('o3')]: {
        status: 404,
        body: { error: 'not_found', message: 'No organisation o3 that you may see' },
      },
    };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o3' }} />, server.origin);
    expect(await screen.findByText('The activity could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No organisation o3 that you may see')).toBeInTheDocument();
  });

  it('pages through a long feed', async () => {
    server.routes = {
      [path('o4')]: { body: page([entry({ id: 'p1', title: 'First page entry' })], 12) },
      [path('o4', 2)]: { body: page([entry({ id: 'p2', title: 'Second page entry' })], 12, 2) },
    };
    renderWithApi(<ActivityFeed subject={{ subjectType: 'organisation', subjectId: 'o4' }} />, server.origin);
    expect(await screen.findByText('First page entry', { exact: false })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('Second page entry', { exact: false })).toBeInTheDocument());
  });
});

describe('statusChangeText', () => {
  it.each([
    ['Draft', 'Submitted', 'Draft → Submitted'],
    ['CreditsIssued', 'CreditsRedeemed', 'Credits issued → Credits redeemed'],
    [null, 'Registered', '→ Registered'],
    ['Open', 'Open', undefined],
    [null, null, undefined],
    ['Open', null, undefined],
  ])('%s, %s -> %s', (before, after, text) => {
    expect(statusChangeText(before, after)).toBe(text);
  });
});
