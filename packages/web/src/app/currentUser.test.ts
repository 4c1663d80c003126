import type { CurrentUser } from '@curlew/domain';
import { OPTION_SOURCES } from '@curlew/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOptions } from '../actions/optionsSource.ts';
import { type LocalServer, startLocalServer } from '../actions/testing/localServer.ts';
import { ApiError, createApiClient } from './api.ts';
import {
  CURRENT_USER_KEY,
  fetchCurrentUser,
  followSessionEnd,
  forgetCachedData,
  setCurrentUser,
} from './currentUser.ts';

const user: CurrentUser = {
  id: 'u1',
  username: 'buyer',
  email: 'buyer@curlew.test',
  displayName: 'Bea Buyer',
  phone: null,
  groups: ['participant'],
  organisation: null,
};

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/organisation/1': { status: 403, body: { error: 'forbidden', message: 'Not yours' } },
    'GET /api/organisation/2': { status: 401, body: { error: 'unauthenticated', message: 'Sign in first' } },
  });
});
afterAll(() => server.close());

describe('fetchCurrentUser', () => {
  it('reads the signed-in user, and null when the server answers that nobody is signed in', async () => {
    const client = createApiClient(server.origin);
    server.routes = { ...server.routes, 'GET /api/auth/user': { body: user } };
    expect(await fetchCurrentUser(client)).toEqual(user);
    server.routes = { ...server.routes, 'GET /api/auth/user': { body: { user: null } } };
    expect(await fetchCurrentUser(client)).toBeNull();
  });

  it('reads a refusal (a session that ended meanwhile) as signed out, and passes on other failures', async () => {
    const client = createApiClient(server.origin);
    server.routes = {
      ...server.routes,
      'GET /api/auth/user': { status: 403, body: { error: 'forbidden', message: 'Not signed in' } },
    };
    expect(await fetchCurrentUser(client)).toBeNull();
    server.routes = {
      ...server.routes,
      'GET /api/auth/user': { status: 500, body: { error: 'internal', message: 'Something went wrong' } },
    };
    await expect(fetchCurrentUser(client)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('followSessionEnd', () => {
  it('shows the user as signed out when a call finds the session gone, not when it is refused', async () => {
    const queryClient = new QueryClient();
    setCurrentUser(queryClient, user);
    const stop = followSessionEnd(queryClient);
    const client = createApiClient(server.origin);
    await expect(client.get('/organisation/1')).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
    await expect(client.get('/organisation/2')).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    stop();
  });
});

describe('forgetCachedData', () => {
  it("forgets the previous user's option lists: the next user's Supplier field loads its own", async () => {
    const source = OPTION_SOURCES.participants;
    const route = `GET /api${source.url}`;
    const load = () => loadOptions(server.origin, source.url, source, new AbortController().signal);
    // The operator's list of every participant, then the supplier's: its own organisation only.
    server.routes = { ...server.routes, [route]: { body: { items: [{ id: 'o9', name: 'Another Farm' }] } } };
    expect(await load()).toEqual([{ value: 'o9', label: 'Another Farm' }]);
    server.routes = { ...server.routes, [route]: { body: { items: [{ id: 'o1', name: 'Wetland Trust' }] } } };
    await forgetCachedData(new QueryClient());
    expect(await load()).toEqual([{ value: 'o1', label: 'Wetland Trust' }]);
  });
});
