import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../../test/app.ts';

describeWithApp('map areas', (t) => {
  it('answers the planning areas as TopoJSON without a session, gzipped, with an ETag', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/map/areas',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=86400, must-revalidate');
    const topology = JSON.parse(gunzipSync(response.rawPayload).toString());
    expect(topology.type).toBe('Topology');
    const names = topology.objects.areas.geometries.map(
      (area: { properties: { name: string } }) => area.properties.name,
    );
    expect(names).toEqual(expect.arrayContaining(['Cornwall LPA', 'Southampton LPA', 'Buckinghamshire LPA']));
    expect(names).not.toContain('Aylesbury Vale LPA');
    console.log(
      `planning areas: ${names.length} areas, ${(response.rawPayload.length / 1024).toFixed(1)} kB gzipped`,
    );
  });

  it('answers 304 with no body when the browser holds the same areas', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/map/areas' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/map/areas',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/map/areas',
      headers: { 'if-none-match': '"old"' },
    });
    expect(changed.statusCode).toBe(200);
  });
});
