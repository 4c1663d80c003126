import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { uniqueTag } from './accounts.ts';
import { expectNoAxeViolations, waitForQuietNetwork } from './browser.ts';
import {
  actionPanel,
  closeDropdown,
  confirmAnswers,
  continueToCheckAnswers,
  field,
  fillDate,
  openAction,
  signInAs,
  submit,
  writeSmallPdf,
} from './org-helpers.ts';

const OPEN_ROUND = 'Round 1 2026';
/** A seeded Certified project of the demo supplier in Round 3 2025 (open for bids and offers), not yet offered. */
const CERTIFIED_PROJECT = 'Swanwick Lakes Meadow';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** The project made by the supplier in the first step, checked by the operator in the next. */
const journey = { name: `Fenwick Meadows ${uniqueTag()}`, path: '' };

const screenshot = async (page: Page, name: string): Promise<void> => {
  if (SCREENSHOTS !== undefined)
    await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
};

/**
 * Picks an option of a Mantine select in a panel by its label. The options are looked for in the open option list
 * only: the projects list behind the panel has filters with options of the same names.
 */
async function choose(page: Page, input: Locator, optionLabel: string): Promise<void> {
  await input.click({ force: true });
  const option = page.getByRole('listbox').getByRole('option', { name: optionLabel, exact: true });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (await option.isVisible()) {
      await option.click();
      return;
    }
    // A required choice with a single option is filled in and fixed: nothing to choose, only to check.
    const fixed = (await input.getAttribute('aria-haspopup')) === null;
    if (fixed && (await input.inputValue()) === optionLabel) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`No option '${optionLabel}' to choose`);
}

const answerNo = (panel: Locator, question: string) =>
  panel.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No' }).check();
const answerYes = (panel: Locator, question: string) =>
  panel.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'Yes' }).check();

async function checkEveryDeclaration(panel: Locator): Promise<void> {
  for (const box of await panel.getByRole('checkbox').all()) await box.check();
}

const status = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).locator('..');

describe('projects in the browser', () => {
  it('lets a supplier create a project for the open round, describe it and complete its registration', async () => {
    const supplier = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    const { page, baseUrl } = supplier;
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByRole('table', { name: 'Projects' }).getByRole('link').first().waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'projects-list-supplier');
    expect(page.url()).toBe(`${baseUrl}/projects`);

    await page.getByRole('button', { name: 'Add project', exact: true }).click();
    const add = actionPanel(page, 'Add project');
    await field(add, 'Project name').fill(journey.name);
    // The supplier's own organisation is chosen and named.
    await expect
      .poll(() => field(add, 'Supplier').inputValue(), { timeout: 20_000 })
      .toBe('Tamar Valley Habitat Bank');
    // Choosing the round asks its project registration declarations, sent with the form.
    expect(await add.getByRole('checkbox').count()).toBe(0);
    await choose(page, field(add, /^Market round/), OPEN_ROUND);
    await add.getByRole('checkbox').first().waitFor();
    await checkEveryDeclaration(add);
    await answerNo(add, 'Is the mitigation for a fixed term?');
    await add.getByRole('button', { name: 'Add project', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: journey.name }).waitFor();
    journey.path = new URL(page.url()).pathname;
    expect(journey.path).toMatch(/^\/projects\/[^/]+$/);

    const update = await openAction(page, 'Update details');
    await choose(page, field(update, 'Project type'), 'Habitat creation');
    await submit(update, 'Update');

    const service = await openAction(page, 'Add biodiversity service');
    await service.getByLabel('Area (ha)', { exact: true }).waitFor();
    await choose(page, field(service, 'Broad habitat'), 'Grassland');
    await choose(page, field(service, 'Habitat type'), 'Lowland meadows');
    // The statutory metric gives the habitat type its distinctiveness: it is filled in.
    await expect.poll(() => field(service, 'Distinctiveness').inputValue()).toBe('Very high');
    await choose(page, field(service, 'Target condition'), 'Good');
    await field(service, 'Area (ha)').fill('3.5');
    await fillDate(field(service, 'Mitigation begins'), '1 Apr 2026');
    // The date's calendar closes the way a user closes it, by clicking elsewhere in the panel.
    await closeDropdown(service);
    await screenshot(page, 'add-biodiversity-service');
    await expectNoAxeViolations(page);
    await submit(service, 'Add service');

    const supply = await openAction(page, 'Set biodiversity supply');
    await field(supply, 'Baseline units lost').fill('1.5');
    await field(supply, 'Years to target condition').fill('2');
    await field(supply, 'At delivery').fill('4');
    await field(supply, 'At year 1').fill('9');
    await field(supply, 'Year 2').fill('15');
    expect(await supply.getByLabel('Year 3', { exact: true }).count()).toBe(0);
    await submit(supply, 'Save');

    const place = await openAction(page, 'Set location');
    // The credit types start as the services' types: Biodiversity asks for the National Character Area.
    const nca = field(place, 'National Character Area');
    if (!(await nca.isVisible())) {
      await choose(page, field(place, 'Credit types'), 'Biodiversity');
      await closeDropdown(place);
    }
    await choose(page, field(place, 'Local planning authority'), 'Fareham LPA');
    await choose(page, nca, 'NCA 128 South Hampshire Lowlands');
    await field(place, 'Nearest address').fill('Fenwick Lane, Titchfield PO14 4AA');
    await field(place, /^Grid reference/).fill('SU 54020 05950');
    await submit(place, 'Save');

    const costs = await openAction(page, 'Set project costs and fees');
    await field(costs, 'Maintenance').fill('42000');
    await field(costs, 'Market operator fee').fill('2500');
    await field(costs, 'Compliance monitoring').fill('6000');
    await field(costs, 'Performance monitoring').fill('4500');
    await submit(costs, 'Set costs and fees');

    const main = page.getByRole('main');
    await main
      .getByRole('region', { name: 'Location' })
      .getByRole('link', { name: /Grid reference finder/ })
      .waitFor();
    expect(
      await main
        .getByRole('region', { name: 'Location' })
        .getByRole('link', { name: /Grid reference finder/ })
        .getAttribute('href'),
    ).toBe('https://gridreferencefinder.com/?gr=SU5402005950');
    await main.getByRole('region', { name: 'Costs and fees' }).getByText('£42,000').waitFor();

    const register = await openAction(page, 'Register project for market round');
    await choose(page, field(register, 'Market round'), OPEN_ROUND);
    await checkEveryDeclaration(register);
    await confirmAnswers(register, 'Register');
    await status(page).getByText('Provisional', { exact: true }).waitFor();

    const complete = await openAction(page, 'Complete registration');
    await answerYes(complete, 'Is the registration complete and correct?');
    await submit(complete, 'Complete');
    await status(page).getByText('Registered', { exact: true }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'project-registered-supplier');
    await supplier.close();
  }, 600_000);

  it('lets the operator screen the project (a Fail needs a comment), pass its review and certify its service', async () => {
    expect(journey.path).not.toBe('');
    const operator = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const { page, baseUrl } = operator;
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByLabel('Search projects').fill(journey.name);
    await page.waitForURL((url) => url.searchParams.get('q') === journey.name);
    await waitForQuietNetwork(page);
    await page.getByRole('link', { name: 'Export CSV' }).waitFor();
    await page.getByRole('link', { name: journey.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: journey.name }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    const screening = await openAction(page, 'Add project screening outcome');
    await choose(page, field(screening, 'Outcome'), 'Fail');
    await field(screening, 'Comment').waitFor();
    await screening.getByText('Correct the errors before you can save').waitFor();
    expect(await screening.getByRole('button', { name: 'Add outcome' }).isDisabled()).toBe(true);
    await screenshot(page, 'screening-fail-refused');
    await choose(page, field(screening, 'Outcome'), 'Pass');
    await field(screening, 'Comment').waitFor({ state: 'detached' });
    await submit(screening, 'Add outcome');
    await status(page).getByText('Screened', { exact: true }).waitFor();

    const review = await openAction(page, 'Set the outcome of the pre-market review');
    await choose(page, field(review, 'Outcome'), 'Pass');
    await submit(review, 'Submit');
    await status(page).getByText('Approved round', { exact: true }).waitFor();

    const certify = await openAction(page, 'Set certification decision');
    await certify.locator('input[type="file"]').setInputFiles(writeSmallPdf('certification-statement.pdf'));
    await certify.getByText('certification-statement.pdf').waitFor();
    for (const [group, name, date] of [
      ['Assessed by', 'Priya Assessor', '10 Mar 2026'],
      ['Reviewed by', 'Rowan Reviewer', '12 Mar 2026'],
    ] as const) {
      const who = certify.getByRole('group', { name: group });
      await who.getByLabel('Name', { exact: true }).fill(name);
      await who.getByLabel('Organisation', { exact: true }).fill('Solent Certification Ltd');
      await who.getByLabel('Position', { exact: true }).fill('Ecologist');
      await fillDate(
        who.getByLabel(group === 'Assessed by' ? 'Date assessed' : 'Date reviewed', { exact: true }),
        date,
      );
    }
    await choose(page, field(certify, 'Standard'), 'Statutory biodiversity metric');
    await choose(page, field(certify, 'Certified?'), 'Yes');
    await submit(certify, 'Save');
    await status(page).getByText('Certified', { exact: true }).waitFor();
    const services = page.getByRole('table', { name: 'Services' });
    await services.getByText('Yes · Statutory biodiversity metric').waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'project-certified-operator');
    await operator.close();
  }, 600_000);

  it("lets the supplier's agent set a sealed offer in the round open for bids, which the buyer cannot see", async () => {
    const agent = await signInAs('agent', inject('demoPassword'), 'Aled Morgan');
    const { page, baseUrl } = agent;
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByLabel('Search projects').fill(CERTIFIED_PROJECT);
    await page.waitForURL((url) => url.searchParams.get('q') === CERTIFIED_PROJECT);
    await page.getByRole('link', { name: CERTIFIED_PROJECT, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: CERTIFIED_PROJECT }).waitFor();
    const projectPath = new URL(page.url()).pathname;

    const offer = await openAction(page, 'Set offer');
    await offer.getByText(CERTIFIED_PROJECT, { exact: true }).waitFor();
    expect(await offer.getByRole('textbox').count()).toBe(1);
    await field(offer, 'Offer').fill('187500');
    await checkEveryDeclaration(offer);
    await screenshot(page, 'set-offer-agent');
    await expectNoAxeViolations(page);
    const save = await continueToCheckAnswers(offer, 'Save');
    await offer.getByText('£187,500', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await save.click();
    await offer.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Offer' }).getByText('£187,500 (sealed)').waitFor();
    await status(page).getByText('Offered', { exact: true }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'project-offered-agent');
    await agent.close();

    const buyer = await signInAs('buyer', inject('demoPassword'), 'Ben Marsh');
    await buyer.page.goto(`${baseUrl}${projectPath}`);
    await buyer.page.getByRole('alert').filter({ hasText: 'Project not found' }).waitFor();
    expect(await buyer.page.getByText('187,500').count()).toBe(0);
    const answer = await buyer.page.request.get(
      `${baseUrl}/api${projectPath.replace('/projects/', '/project/')}`,
    );
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('187500');
    const list = await buyer.page.request.get(
      `${baseUrl}/api/projects?q=${encodeURIComponent(CERTIFIED_PROJECT)}`,
    );
    expect(list.ok()).toBe(true);
    const body = (await list.json()) as { items: { name: string }[] };
    expect(body.items.map((item) => item.name)).not.toContain(CERTIFIED_PROJECT);
    await buyer.close();
  }, 600_000);
  it('lets the supplier put two of its projects of the open round in an either-or (XOR) group', async () => {
    const supplier = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    const { page } = supplier;
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByRole('button', { name: 'Add project group', exact: true }).click();
    const add = actionPanel(page, 'Add project group');
    const name = `Hamble either-or ${uniqueTag()}`;
    await field(add, 'Group name').fill(name);
    await choose(page, field(add, /^Market round/), OPEN_ROUND);
    await choose(page, field(add, 'Group type'), 'XOR: Only one project may win');
    const members = ['Botley Wood Edge', 'Hamble Valley Grassland'];
    // The group starts with one project: its page then offers adding the other as its next step.
    await choose(page, field(add, /^Projects/), members[0] ?? '');
    await closeDropdown(add);
    await expectNoAxeViolations(page);
    await add.getByRole('button', { name: 'Add group', exact: true }).click();
    await add.waitFor({ state: 'detached' });

    await page.goto(new URL(`/projects?q=${encodeURIComponent(members[0] ?? '')}`, page.url()).toString());
    const groupLink = page
      .getByRole('table', { name: 'Projects' })
      .getByRole('link', { name: `${name} (XOR)` });
    await groupLink.waitFor();
    await groupLink.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const nextStep = page.getByRole('region', { name: 'Next step' });
    await nextStep.getByRole('button', { name: 'Add projects to group' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'project-group-next-step');
    await nextStep.getByRole('button', { name: 'Add projects to group' }).click();
    const more = actionPanel(page, 'Add projects to group');
    await choose(page, field(more, /^Projects/), members[1] ?? '');
    await closeDropdown(more);
    await more.getByRole('button', { name: 'Add', exact: true }).click();
    await more.waitFor({ state: 'detached' });
    // With two projects the group has no step of its own left.
    await nextStep.waitFor({ state: 'detached' });
    for (const member of members) await page.getByRole('link', { name: member, exact: true }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'project-group-xor');
    await supplier.close();
  }, 600_000);
});
