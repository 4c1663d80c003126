import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openBrowser, requestsElsewhere, screenshot } from './browser.ts';
import { expectDrawnMap } from './map-helpers.ts';
import { signInAs } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
/** Closed: registration over, its opportunity statement published and public; nothing in the e2e run moves it on. */
const CLOSED_ROUND = 'Round 2 2025';
/** The buyer's credit requirements in the closed round, and a project of the supplier's there. */
const BUYER_REQUIREMENTS = ['Hamble Lane - nitrogen', 'Whiteley Meadows - biodiversity'];
const SUPPLIER_PROJECT = 'Gunnislake Orchard Grassland';

/** The round page's map section, opened ("Show the map"). */
async function openRoundMap(page: Page, title: string): Promise<Locator> {
  const section = page.getByRole('region', { name: title, exact: true });
  await section.getByRole('button', { name: 'Show the map' }).click();
  return section;
}

/** The opportunity statement's section of a round page, checked to show the published figures. */
async function expectPublishedStatement(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2, name: 'Opportunity statement' }).waitFor();
  await page.getByRole('table', { name: 'Supply, demand and fees by credit type' }).waitFor();
  await page.getByRole('table', { name: 'Supply and demand by area' }).waitFor();
  await page.getByText(/^Published on /).waitFor();
  await page.getByRole('link', { name: 'Download CSV' }).waitFor();
}

describe('the closed round: its opportunity statement and each party its own records on the map', () => {
  /** The closed round's page address, found by the operator. */
  let roundPath = '';

  it('the operator opens the closed round and sees its published, public opportunity statement', async () => {
    const { page, baseUrl, close } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: CLOSED_ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: CLOSED_ROUND }).waitFor();
    roundPath = new URL(page.url()).pathname;
    expect(roundPath).toMatch(/^\/markets\/[^/]+\/round\/[^/]+$/);

    await expectPublishedStatement(page);
    await page.getByText('Public', { exact: true }).first().waitFor();
    const byType = page.getByRole('table', { name: 'Supply, demand and fees by credit type' });
    await byType.getByRole('cell', { name: 'Biodiversity', exact: true }).waitFor();
    await byType.getByRole('cell', { name: 'Nitrogen', exact: true }).waitFor();
    // No name of a record and no price of an offer or bid is in the statement.
    const statementText = (await byType.textContent()) ?? '';
    for (const name of [...BUYER_REQUIREMENTS, SUPPLIER_PROJECT]) expect(statementText).not.toContain(name);
    await screenshot(page, 'map-views-01-operator-statement');
    expect(elsewhere).toEqual([]);
    await close();
  });

  it('the buyer sees the statement and only its own records on the round map', async () => {
    expect(roundPath).not.toBe('');
    const { page, baseUrl, close } = await signInAs('buyer', inject('demoPassword'), 'Ben Marsh');
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.goto(`${baseUrl}${roundPath}`);
    await page.getByRole('heading', { level: 1, name: CLOSED_ROUND }).waitFor();
    await expectPublishedStatement(page);

    const section = await openRoundMap(page, 'Your records on the map');
    const table = section.getByRole('table', { name: 'Your projects and credit requirements on the map' });
    await table.waitFor();
    for (const name of BUYER_REQUIREMENTS) await table.getByRole('cell', { name, exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: SUPPLIER_PROJECT, exact: true }).count()).toBe(0);
    const places = section.getByRole('list', { name: 'Places on the map' });
    await places
      .getByRole('button', { name: `Credit requirement ${BUYER_REQUIREMENTS[0]}`, exact: false })
      .waitFor();
    expect(await places.getByRole('button', { name: /^Credit requirement / }).count()).toBe(
      BUYER_REQUIREMENTS.length,
    );
    expect(await places.getByRole('button', { name: /^Project / }).count()).toBe(0);
    expect((await section.textContent()) ?? '').not.toContain(SUPPLIER_PROJECT);
    await expectDrawnMap(page, section, 'map-views-02-buyer-round-map');
    await screenshot(page, 'map-views-02-buyer-round-page');
    await expectNoAxeViolations(page);
    expect(elsewhere).toEqual([]);
    await close();
  });

  it('the public statement answers without signing in, with no record name or price', async () => {
    expect(roundPath).not.toBe('');
    const roundId = roundPath.split('/').at(-1) ?? '';
    const { page, baseUrl, close } = await openBrowser();
    const elsewhere = requestsElsewhere(page, baseUrl);
    const answer = await page.goto(`${baseUrl}/api/public/round/${roundId}/opportunity`);
    expect(answer?.status()).toBe(200);
    const body = (await answer?.text()) ?? '';
    const statement = JSON.parse(body) as {
      isPublic: boolean;
      creditTypes: { creditType: string }[];
      areas: unknown[];
    };
    expect(statement.isPublic).toBe(true);
    expect(statement.creditTypes.map((line) => line.creditType).sort()).toEqual([
      'Biodiversity',
      'NutrientMitigationNitrogen',
    ]);
    expect(statement.areas.length).toBeGreaterThan(0);
    for (const name of [...BUYER_REQUIREMENTS, SUPPLIER_PROJECT]) expect(body).not.toContain(name);
    // The signed-in route still asks for a session.
    const signedIn = await page.goto(`${baseUrl}/api/round/${roundId}/opportunity`);
    expect(signedIn?.status()).toBe(401);
    expect(elsewhere).toEqual([]);
    await close();
  });

  it('a visitor finds the statement on the public registry and reads its figures, signed out', async () => {
    const { page, baseUrl, close } = await openBrowser();
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.goto(`${baseUrl}/public/registry`);
    await page.getByRole('heading', { level: 1, name: 'Public registry' }).waitFor();
    const list = page.getByRole('table', { name: 'Opportunity statements' });
    const row = list.getByRole('row').filter({ hasText: CLOSED_ROUND });
    await row.getByRole('cell', { name: MARKET, exact: true }).waitFor();
    await row.getByRole('link', { name: CLOSED_ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Opportunity statement: ${CLOSED_ROUND}` }).waitFor();
    const roundId = roundPath.split('/').at(-1) ?? '';
    expect(new URL(page.url()).pathname).toBe(`/public/round/${roundId}/opportunity`);
    const byType = page.getByRole('table', { name: 'Supply, demand and fees by credit type' });
    await byType.getByRole('cell', { name: 'Biodiversity', exact: true }).waitFor();
    await byType.getByRole('cell', { name: 'Nitrogen', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Supply and demand by area' }).waitFor();
    const csv = page.getByRole('link', { name: 'Download CSV' });
    expect(await csv.getAttribute('href')).toBe(`/api/public/round/${roundId}/opportunity?format=csv`);
    const file = await page.request.get(`${baseUrl}/api/public/round/${roundId}/opportunity?format=csv`);
    expect(file.status()).toBe(200);
    expect((await file.text()).split('\n')[1]).toContain(CLOSED_ROUND);
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const name of [...BUYER_REQUIREMENTS, SUPPLIER_PROJECT]) expect(text).not.toContain(name);
    await screenshot(page, 'map-views-05-public-statement');
    await expectNoAxeViolations(page);

    // A round whose statement is not public is "Page not found".
    await page.goto(`${baseUrl}/public/round/00000000-0000-4000-8000-000000000000/opportunity`);
    await page.getByText('This round has no public opportunity statement.').waitFor();
    await page.getByText('Page not found').waitFor();
    expect(elsewhere).toEqual([]);
    await close();
  });
});

describe('the LPA officer and the public registry on the map', () => {
  it("Eastleigh's officer sees the map of its area with its tables, no axe violations", async () => {
    const { page, baseUrl, close } = await signInAs('eastleigh', inject('demoPassword'), 'Elin Hart');
    const elsewhere = requestsElsewhere(page, baseUrl);
    const section = page.getByRole('region', { name: 'Map of your area', exact: true });
    await section.waitFor();
    const places = section.getByRole('table', { name: 'Developments and sites of Eastleigh LPA' });
    await places.waitFor();
    await places
      .getByRole('cell', { name: /^Botley Road homes/ })
      .first()
      .waitFor();
    await section.getByRole('table', { name: 'Credits from sites to your developments' }).waitFor();
    const points = section.getByRole('list', { name: 'Places on the map' });
    await points.getByRole('button', { name: /^Development Botley Road homes/ }).waitFor();
    expect(await points.getByRole('button', { name: /^Site / }).count()).toBeGreaterThan(0);
    await expectDrawnMap(page, section, 'map-views-03-lpa-area-map');
    await screenshot(page, 'map-views-03-lpa-home');
    await expectNoAxeViolations(page);
    expect(elsewhere).toEqual([]);
    await close();
  });

  it('the public registry shades the LPAs by units, with its open data, signed out', async () => {
    const { page, baseUrl, close } = await openBrowser();
    const elsewhere = requestsElsewhere(page, baseUrl);
    await page.goto(`${baseUrl}/public/registry`);
    await page.getByRole('heading', { level: 1, name: 'Public registry' }).waitFor();
    const section = page.getByRole('region', { name: 'Units by local planning authority', exact: true });
    await expectDrawnMap(page, section, 'map-views-04-public-choropleth');
    const table = section.getByRole('table', { name: 'Units by local planning authority' });
    await table.getByRole('columnheader', { name: 'Biodiversity units' }).waitFor();
    await section.getByText(/by the biodiversity units of its sites/).waitFor();

    const downloads = page.getByRole('navigation', { name: 'Open data downloads' });
    const hrefs = {
      'Everything (JSON)': '/api/public/registry',
      'Sites (CSV)': '/api/public/registry?format=csv&table=sites',
      'Units by LPA (CSV)': '/api/public/registry?format=csv&table=lpa',
      'Sites as points (GeoJSON)': '/api/public/registry.geojson',
    };
    for (const [name, href] of Object.entries(hrefs))
      expect(await downloads.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    const geojson = await page.request.get(`${baseUrl}/api/public/registry.geojson`);
    expect(geojson.status()).toBe(200);
    expect(((await geojson.json()) as { type: string }).type).toBe('FeatureCollection');
    await screenshot(page, 'map-views-04-public-registry');
    await expectNoAxeViolations(page);
    expect(elsewhere).toEqual([]);
    await close();
  });
});
