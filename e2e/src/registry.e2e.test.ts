import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessibleIn, waitForFinishedPage } from './accessibility.ts';
import {
  expectNoAxeViolations,
  openBrowser,
  screenshot,
  waitForPath,
  waitForQuietNetwork,
} from './browser.ts';
import { chooseOption, field, fillDate, openAction, signInAs, submit, writeSmallPdf } from './org-helpers.ts';

/**
 * The demo market's Round 1 2025, accepted a year ago: its post-trade life is finished here and the round settled,
 * so this file runs after every other (sequencer.ts); no other journey uses this round.
 */
const MARKET = 'Solent Nature Recovery Market';
const ROUND = 'Round 1 2025';
/** The round's winning project still waiting for its contract, and the requirement it alone supplies. */
const MATCHED_PROJECT = 'Brading Marshes';
const ITS_REQUIREMENT = 'Newport business park';
/** A requirement with its rights allocated but no credits issued yet, supplied by more than one project. */
const UNISSUED_REQUIREMENT = 'Botley Road homes';

const status = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).locator('..');

const answer = (panel: Locator, question: string, choice: 'Yes' | 'No') =>
  panel.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice }).check();

/** The reason a refused action gives, read as a person does: its button's or its menu item's description. */
async function refusalOf(page: Page, title: string): Promise<string> {
  const actions = page.getByRole('group', { name: /^Actions for / });
  const nextSteps = page.getByRole('region', { name: /^Next steps?$/ });
  const button = actions
    .getByRole('button', { name: title, exact: true })
    .or(nextSteps.getByRole('button', { name: title, exact: true }));
  if ((await button.count()) === 0) {
    await actions.getByRole('button', { name: 'More actions', exact: true }).click();
  }
  const control =
    (await button.count()) > 0 ? button : page.getByRole('menuitem', { name: title, exact: true });
  expect(await control.isEnabled()).toBe(false);
  const reasonId = (await control.getAttribute('aria-describedby')) ?? '';
  const reason = (await page.locator(`[id="${reasonId}"]`).textContent()) ?? '';
  if ((await button.count()) === 0) await page.keyboard.press('Escape');
  return reason;
}

/** Opens a record from a list page by searching for its name. */
async function openFromList(page: Page, path: string, heading: string, name: string): Promise<void> {
  await page.goto(new URL(path, page.url()).toString());
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page
    .getByRole('main')
    .getByLabel(/^Search/)
    .first()
    .fill(name);
  await page.waitForURL((url) => url.searchParams.get('q') === name);
  await waitForQuietNetwork(page);
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor();
}

/** Uploads one of the two agreements of a matched project from its page. */
async function uploadAgreement(page: Page, title: string, file: string): Promise<void> {
  const upload = await openAction(page, title);
  await upload.locator('input[type="file"]').setInputFiles(writeSmallPdf(file));
  await upload.getByText(file).waitFor();
  await submit(upload, 'Confirm upload');
}

describe('after the round: contracts, the registry, balancing and settlement', () => {
  it('the supplier uploads both agreements; the operator is refused until then, contracts and verifies the project', async () => {
    const password = inject('demoPassword');
    const operator = await signInAs('admin', password, 'Alex Admin');
    const supplier = await signInAs('supplier', password, 'Sophie Fielding');
    await openFromList(operator.page, '/projects', 'Projects', MATCHED_PROJECT);
    await openFromList(supplier.page, '/projects', 'Projects', MATCHED_PROJECT);
    await status(operator.page).getByText('Matched', { exact: true }).waitFor();

    expect(await refusalOf(operator.page, 'Contract project')).toBe(
      'Upload the nature-based agreement and the Section 106 agreement before contracting the project',
    );
    await uploadAgreement(supplier.page, 'Upload nature-based agreement', 'nature-based-agreement.pdf');
    await operator.page.reload();
    await status(operator.page).getByText('Matched', { exact: true }).waitFor();
    expect(await refusalOf(operator.page, 'Contract project')).toBe(
      'Upload the Section 106 agreement before contracting the project',
    );
    await uploadAgreement(supplier.page, 'Upload Section 106 agreement', 'section-106-agreement.pdf');
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await screenshot(supplier.page, 'registry-01-agreements-uploaded');
    await supplier.close();

    const { page } = operator;
    await page.reload();
    const contract = await openAction(page, 'Contract project', false);
    await contract
      .getByText(
        'I confirm that the project has been fully contracted and that the necessary documentation has been uploaded',
      )
      .waitFor();
    await submit(contract, 'Confirm contracted');
    await status(page).getByText('Contracted', { exact: true }).waitFor();

    const verify = await openAction(page, 'Record project verification outcome');
    await fillDate(field(verify, 'Date of check'), '20 Nov 2026');
    await field(verify, 'Checked by').fill('Priya Marsh');
    await field(verify, 'Organisation').fill('Solent Ecology Verification');
    await answer(verify, 'Has the project passed verification?', 'Yes');
    await submit(verify, 'Confirm status');
    await status(page).getByText('Verified', { exact: true }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'registry-02-project-verified');
    await operator.close();
  }, 600_000);

  it("allocates the buyer's rights (no upload needed), issues its credits, and the buyer redeems them", async () => {
    const password = inject('demoPassword');
    const operator = await signInAs('admin', password, 'Alex Admin');
    const { page } = operator;
    await openFromList(page, '/credit-requirements', 'Credit requirements', ITS_REQUIREMENT);
    await status(page).getByText('Rights created', { exact: true }).waitFor();
    const allocate = await openAction(page, 'Allocate rights');
    await submit(allocate, 'Allocate');
    await status(page).getByText('Rights allocated', { exact: true }).waitFor();
    const issue = await openAction(page, 'Issue credits', false);
    await submit(issue, 'Issue');
    await status(page).getByText('Credits issued', { exact: true }).waitFor();
    const requirementPath = new URL(page.url()).pathname;
    await operator.close();

    const buyer = await signInAs('buyer', password, 'Ben Marsh');
    const buying = buyer.page;
    await buying.goto(new URL(requirementPath, buying.url()).toString());
    await buying.getByRole('heading', { level: 1, name: ITS_REQUIREMENT }).waitFor();
    const redeem = await openAction(buying, 'Redeem credits');
    await redeem.locator('input[type="file"]').setInputFiles(writeSmallPdf('redeem-notice.pdf'));
    await redeem.getByText('redeem-notice.pdf').waitFor();
    await submit(redeem, 'Redeem');
    await status(buying).getByText('Credits redeemed', { exact: true }).waitFor();

    // The certificate Curlew generates is a real PDF the buyer can hand to its planning authority.
    await buying
      .getByText(/^Credit allocation certificate CAC-[0-9A-F]{4}-[0-9A-F]{4}, issued on /)
      .waitFor();
    const certificate = buying.getByRole('link', { name: 'Download the certificate (PDF)' });
    const href = (await certificate.getAttribute('href')) ?? '';
    const download = await buying.request.get(new URL(href, buying.url()).toString());
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await waitForFinishedPage(buying);
    await expectNoAxeViolations(buying);
    await screenshot(buying, 'registry-03-credits-redeemed');
    await buyer.close();
  }, 600_000);

  it("an irrevocable failure before issue is made good from the reserve, seen on the registry's pages", async () => {
    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = operator;
    // The credit's page names the sites that supply it: the first of them fails for good.
    await openFromList(page, '/registry/credits', 'Credits', UNISSUED_REQUIREMENT);
    const sites = page.getByRole('region', { name: 'From the site' });
    const failing = ((await sites.getByRole('link').first().textContent()) ?? '').trim();
    expect(failing).not.toBe('');
    const creditPath = new URL(page.url()).pathname;
    await expectAccessibleIn(page, 'light');

    await openFromList(page, '/projects', 'Projects', failing);
    const check = await openAction(page, 'Compliance monitoring check outcome');
    await fillDate(field(check, 'Date of check'), '22 Nov 2026');
    await field(check, 'Checked by').fill('Priya Marsh');
    await field(check, 'Organisation').fill('Solent Ecology Verification');
    await answer(check, 'Is the project compliant?', 'No');
    await field(check, 'Reason for failure').fill(
      'The land was ploughed and sold; the habitat cannot be restored.',
    );
    await chooseOption(page, field(check, 'Next action'), 'Irrevocable failure');
    await fillDate(field(check, 'Next action by'), '22 Nov 2026');
    await submit(check, 'Confirm status');
    // The operator is told what was replaced and what, if anything, could not be.
    const toast = page.getByRole('alert').filter({ hasText: 'Irrevocable failure recorded' }).first();
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(
      /Irrevocable failure recorded: \d+\.\d\d units replaced from the reserve(, \d+\.\d\d units could not be replaced)?/,
    );
    await page
      .getByRole('list', { name: 'Reviews and checks' })
      .getByText('Next action: Irrevocable failure by 22 Nov 2026')
      .waitFor();
    await screenshot(page, 'registry-04-irrevocable-failure');

    // The credit's trace: the failed allocation and its replacement from another site's reserve.
    await page.goto(new URL(creditPath, page.url()).toString());
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${UNISSUED_REQUIREMENT}`) }).waitFor();
    await page
      .getByRole('table', { name: `Allocations from ${failing}` })
      .getByText('Failed: the project failed before delivering it')
      .waitFor();
    await page
      .getByRole('region', { name: 'From the site' })
      .getByText(`Reserve, replacing ${failing}`)
      .first()
      .waitFor();
    await page
      .getByRole('table', { name: 'Movements of this credit' })
      .getByText('Replaced')
      .first()
      .waitFor();
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'registry-05-credit-trace');

    // The reserve: the reserved credit drawn on shows what it covered.
    await page.goto(new URL('/registry/reserve', page.url()).toString());
    await page.getByRole('heading', { level: 1, name: 'Credit reserve' }).waitFor();
    await expectAccessibleIn(page, 'light');
    await page.getByRole('main').getByRole('table').getByRole('link').first().waitFor();
    let found = false;
    for (const link of await page.getByRole('main').getByRole('table').getByRole('link').all()) {
      const row = link.locator('xpath=ancestor::tr');
      const used = ((await row.locator('td').nth(4).textContent()) ?? '').trim();
      if (used === '0.00' || (await link.textContent())?.trim() === failing) continue;
      await link.click();
      found = true;
      break;
    }
    expect(found).toBe(true);
    const covered = page.getByRole('table', { name: 'Replacements supplied from this reserved credit' });
    await covered.getByRole('link', { name: UNISSUED_REQUIREMENT }).waitFor();
    await covered.getByText(failing, { exact: true }).waitFor();
    await expectAccessibleIn(page, 'light');
    await screenshot(page, 'registry-06-reserved-credit');
    await operator.close();
  }, 600_000);

  it('the operator settles the round once nothing waits, and the registry lists pass axe', async () => {
    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page } = operator;
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ROUND }).waitFor();
    const settle = await openAction(page, 'Settle round', false);
    await submit(settle, 'Settle');
    await page.getByRole('main').getByText('Settled', { exact: true }).first().waitFor();
    await waitForFinishedPage(page);
    await screenshot(page, 'registry-07-round-settled');

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const pages = [
      { link: 'Credits', path: '/registry/credits', heading: 'Credits' },
      { link: 'Projects', path: '/registry/projects', heading: 'Projects registry' },
      {
        link: 'Credit requirements',
        path: '/registry/credit-requirements',
        heading: 'Credit requirements registry',
      },
      { link: 'Credit reserve', path: '/registry/reserve', heading: 'Credit reserve' },
    ];
    for (const { link, path, heading } of pages) {
      const registries = menu.getByRole('button', { name: 'Registries' });
      await registries.click();
      await menu
        .locator(`[id="${await registries.getAttribute('aria-controls')}"]`)
        .getByRole('link', { name: link, exact: true })
        .click();
      await waitForPath(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectAccessibleIn(page, 'light');
      await screenshot(page, `registry-08-${path.split('/').at(-1)}`);
    }
    await operator.close();
  }, 600_000);

  it('the public registry opens from the sign-in footer: the sites by LPA and NCA, no price, no contact details', async () => {
    const { page, baseUrl, close } = await openBrowser({ colorScheme: 'dark' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Public registry' }).click();
    await waitForPath(page, '/public/registry');
    await page.getByRole('heading', { level: 1, name: 'Public registry' }).waitFor();
    await page.getByRole('heading', { name: 'Units by National Character Area' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(MATCHED_PROJECT).first().waitFor();
    await main.getByText('Isle of Wight LPA').first().waitFor();
    // What the page shows: its text without the rules of its inline style sheets.
    const text = await main.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const style of copy.querySelectorAll('style')) style.remove();
      return copy.textContent ?? '';
    });
    expect(text).not.toMatch(/£/);
    expect(text).not.toMatch(/@|\+44|Tamar Valley Habitat Bank|Sophie Fielding/);
    await expectAccessibleIn(page, 'dark');
    await screenshot(page, 'registry-09-public');
    await close();
  }, 600_000);
});
