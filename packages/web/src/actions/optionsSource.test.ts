import { OPTION_CACHE_TTL_MS } from '@curlew/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearOptionsCache, loadOptions, optionsFromAnswer, optionsSourcePath } from './optionsSource.ts';
import { type LocalServer, startLocalServer } from './testing/localServer.ts';

const source = { url: '/lpas', valueKey: 'id', labelKey: 'name' };

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({
    'GET /api/lpas': {
      body: [
        { id: 1, name: 'Cornwall' },
        { id: 2, name: 'Devon' },
      ],
    },
    'GET /api/habitats?broadHabitat=Grassland': {
      body: { items: [{ code: 'g1', label: { text: 'Lowland meadows' } }] },
    },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  clearOptionsCache();
  server.received.length = 0;
});

describe('optionsSourcePath', () => {
  it('adds parameters from other fields and waits while one is blank', () => {
    const habitats = {
      url: '/habitats',
      valueKey: 'code',
      labelKey: 'label.text',
      params: { broadHabitat: 'broad' },
    };
    expect(optionsSourcePath(habitats, { broad: 'Grassland' })).toBe('/habitats?broadHabitat=Grassland');
    expect(optionsSourcePath(habitats, {})).toBeUndefined();
    expect(optionsSourcePath({ ...habitats, url: '/habitats?active=true' }, { broad: ['A', 'B'] })).toBe(
      '/habitats?active=true&broadHabitat=A&broadHabitat=B',
    );
    expect(optionsSourcePath(source, {})).toBe('/lpas');
  });

  it('leaves an optional parameter out while its field is blank instead of waiting', () => {
    const subcatchments = {
      url: '/refdata/subcatchment?active=true',
      valueKey: 'id',
      labelKey: 'name',
      optionalParams: { nca: 'ncaIds' },
    };
    expect(optionsSourcePath(subcatchments, {})).toBe('/refdata/subcatchment?active=true');
    expect(optionsSourcePath(subcatchments, { ncaIds: [] })).toBe('/refdata/subcatchment?active=true');
    expect(optionsSourcePath(subcatchments, { ncaIds: ['n1', 'n2'] })).toBe(
      '/refdata/subcatchment?active=true&nca=n1&nca=n2',
    );
    const both = { ...subcatchments, url: '/lpas', params: { region: 'region' } };
    expect(optionsSourcePath(both, { ncaIds: ['n1'] })).toBeUndefined();
    expect(optionsSourcePath(both, { region: 'South' })).toBe('/lpas?region=South');
  });
});

describe('optionsFromAnswer', () => {
  it('reads arrays and { items } with dotted keys, skipping rows without a value', () => {
    expect(optionsFromAnswer([{ id: 1, name: 'A' }, { name: 'no id' }, 'junk'], source)).toEqual([
      { value: '1', label: 'A' },
    ]);
    expect(
      optionsFromAnswer(
        { items: [{ code: 'x', label: { text: 'X' } }] },
        { url: '', valueKey: 'code', labelKey: 'label.text' },
      ),
    ).toEqual([{ value: 'x', label: 'X' }]);
  });
});

describe('loadOptions', () => {
  it('caches each address for 60 s', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const load = () => loadOptions(server.origin, '/lpas', source, new AbortController().signal, clock);
    expect(await load()).toEqual([
      { value: '1', label: 'Cornwall' },
      { value: '2', label: 'Devon' },
    ]);
    now += OPTION_CACHE_TTL_MS - 1;
    await load();
    expect(server.received).toHaveLength(1);
    now += 1;
    await load();
    expect(server.received).toHaveLength(2);
  });

  it('keeps addresses apart', async () => {
    const habitats = { url: '/habitats', valueKey: 'code', labelKey: 'label.text' };
    const signal = new AbortController().signal;
    await loadOptions(server.origin, '/lpas', source, signal);
    expect(await loadOptions(server.origin, '/habitats?broadHabitat=Grassland', habitats, signal)).toEqual([
      { value: 'g1', label: 'Lowland meadows' },
    ]);
    expect(server.received.map((request) => request.path)).toEqual([
      '/api/lpas',
      '/api/habitats?broadHabitat=Grassland',
    ]);
  });

  it('can be cancelled, and a cancelled load is not cached', async () => {
    server.routes = { ...server.routes, 'GET /api/slow': { body: [{ id: 1, name: 'Late' }], delayMs: 300 } };
    const controller = new AbortController();
    const pending = loadOptions(server.origin, '/slow', source, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received[0]?.cancelled).toBe(true);
    await loadOptions(server.origin, '/slow', source, new AbortController().signal);
    expect(server.received).toHaveLength(2);
  });
});
