import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectAccessibleIn, waitForFinishedPage } from './accessibility.ts';
import { type BrowserSession, screenshot } from './browser.ts';
import { signInAs } from './org-helpers.ts';

/** The level-1 heading naming a record. */
const recordHeading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

/** Follows a work item's link and answers the page it opened, checked to be the record it named. */
async function follow(page: Page, link: ReturnType<Page['getByRole']>, pathname: RegExp): Promise<string> {
  const label = (await link.getAttribute('aria-label')) ?? '';
  await link.click();
  await page.waitForURL((url) => pathname.test(url.pathname));
  await waitForFinishedPage(page);
  return label;
}

describe('home pages are work lists', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('the operator sees what needs attention and opens the round whose window closes this week', async () => {
    session = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = session;
    const attention = page.getByRole('table', {
      name: 'Work waiting for the market operator, most urgent first',
    });
    await attention.waitFor();
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'home-operator');
    const closing = attention.getByRole('link', {
      name: 'Registration of buyers and investors closes: Round 1 2026',
    });
    await follow(page, closing, /^\/markets\/[^/]+\/round\/[^/]+$/);
    await page
      .getByRole('main')
      .getByRole('heading', { level: 1, name: /Round 1 2026/ })
      .waitFor();
  });

  it('the supplier is asked to make its offer while bids are open, and lands on the project to make it', async () => {
    session = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    const { page } = session;
    const work = page.getByRole('table', { name: 'Your records and their next steps' });
    await work.waitFor();
    await expectAccessibleIn(page, 'dark');
    await screenshot(page, 'home-supplier');
    expect(await work.getByText('Withdraw', { exact: true }).count()).toBe(0);
    const offer = work.getByRole('link', { name: /^Make your offer: / }).first();
    const label = await follow(page, offer, /^\/projects\/[^/]+$/);
    await recordHeading(page, label.replace('Make your offer: ', '')).waitFor();
    await page.getByRole('button', { name: 'Set offer', exact: true }).waitFor();
  });

  it("the agent sees each client's records with its authority and opens a client's record", async () => {
    session = await signInAs('agent', inject('demoPassword'), 'Aled Morgan');
    const { page } = session;
    const clients = page.getByRole('region', { name: "Your clients' work" });
    await clients.waitFor();
    await clients
      .getByRole('list', { name: /^Your authority for / })
      .first()
      .waitFor();
    await expectAccessibleIn(page, 'dark');
    await screenshot(page, 'home-agent');
    const step = clients.getByRole('link', { name: /^Make your (offer|bid): / }).first();
    const label = await follow(page, step, /^\/(projects|credit-requirements)\/[^/]+$/);
    await recordHeading(page, label.replace(/^Make your (offer|bid): /, '')).waitFor();
  });

  it('the LPA officer sees the late redemption first and opens the development it concerns', async () => {
    session = await signInAs('eastleigh', inject('demoPassword'), 'Elin Hart');
    const { page } = session;
    const developments = page.getByRole('table', {
      name: 'Developments in your area, late redemptions first',
    });
    await developments.waitFor();
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'home-lpa');
    const first = developments.getByRole('row').nth(1);
    expect(await first.getByText('Late', { exact: true }).count()).toBe(1);
    expect(
      await first
        .getByRole('link', { name: 'Download the credit allocation certificate of F/24/97611' })
        .getAttribute('href'),
    ).toMatch(/^\/api\/requirement\/[^/]+\/certificate\.pdf$/);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Credits', exact: true })
      .waitFor();
    await follow(
      page,
      first.getByRole('link', { name: 'F/24/97611', exact: true }),
      /^\/credit-requirements\/[^/]+$/,
    );
    await recordHeading(page, 'Botley Road homes').waitFor();
  });
});
