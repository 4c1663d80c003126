import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { uniqueTag } from './accounts.ts';
import { ACTION_TIMEOUT_MS, expectNoAxeViolations } from './browser.ts';
import {
  actionPanel,
  chooseOption,
  continueToCheckAnswers,
  expectToast,
  field,
  signInAs,
} from './org-helpers.ts';

const BIDDING_ROUND = 'Round 3 2025';
const OPEN_ROUND = 'Round 1 2026';
const INVESTOR = 'Greenshank Nature Fund';
const REGISTER_DECLARATION =
  'This credit requirement reflects a genuine need for credits for a planned development.';
const SEEDED = 'Newport Pan Meadows - nitrogen';
const BID_DECLARATION = 'My bid is binding if the credit requirement is matched in this market round.';
const ONGOING_ONLY = 'Please indicate if only ongoing units would be acceptable';
const WIZARD = 'Add credit requirement';

/** A small nutrient budget calculator (CSV) in a temporary folder removed when the test ends. */
function writeBudgetCalculator(): string {
  const folder = mkdtempSync(join(tmpdir(), 'curlew-e2e-budget-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const path = join(folder, 'nutrient-budget.csv');
  writeFileSync(path, 'year,ongoing,additional\n2027,5,20\n', 'utf8');
  return path;
}

/** Every wizard step: 'Save and continue', and 'Close' where other dialogs say 'Cancel'. */
async function expectWizardStep(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Save and continue' }).waitFor();
  await panel.getByRole('button', { name: 'Close', exact: true }).waitFor();
  expect(await panel.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
}

/** Picks an option of a long list (reference data): opens it with a plain click, scrolls to the option, chooses it. */
async function pickFromLongList(page: Page, input: Locator, optionLabel: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: optionLabel, exact: true }).click();
  await expect.poll(() => input.inputValue(), { timeout: ACTION_TIMEOUT_MS }).toBe(optionLabel);
}

/** An action's form once loaded in the side panel. */
async function openedPanel(page: Page, title: string): Promise<Locator> {
  const panel = actionPanel(page, title);
  await panel.getByRole('form', { name: title }).waitFor();
  return panel;
}

describe('credit requirements in the browser', () => {
  it('lets a buyer run the wizard for a nitrogen requirement of both types and set its development', async () => {
    const { page } = await signInAs('buyer', inject('demoPassword'), 'Ben Marsh');
    const name = `E2E nitrogen ${uniqueTag()}`;

    await page.getByRole('link', { name: 'Credit requirements', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credit requirements' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: WIZARD }).click();
    const create = await openedPanel(page, WIZARD);
    await expectWizardStep(create);
    await expectNoAxeViolations(page);
    // The demo buyer is only provisionally registered in the open round: the wizard says so, and the draft waits.
    await create.getByText('Not registered as a buyer or investor in any open market rounds').waitFor();
    await field(create, 'Requirement name').fill(name);
    await chooseOption(page, field(create, 'Requirement for'), 'A buyer (development)');
    await create.getByRole('button', { name: 'Save and continue' }).click();

    const credits = await openedPanel(page, 'Set credits');
    await expectWizardStep(credits);
    await chooseOption(page, field(credits, 'Credit type'), 'Nitrogen');
    await chooseOption(page, field(credits, 'Mitigation needed'), 'Both ongoing and additional');
    await field(credits, 'Ongoing units').fill('5');
    await field(credits, 'Additional units').fill('20');
    await credits.locator('input[type="file"]').setInputFiles(writeBudgetCalculator());
    await credits.getByText(ONGOING_ONLY).waitFor();
    expect(await credits.getByRole('button', { name: 'Save and continue' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await credits
      .getByRole('radiogroup', { name: /^Would ongoing units alone be acceptable\?/ })
      .getByLabel('No', { exact: true })
      .check();
    await expect.poll(() => credits.getByText(ONGOING_ONLY).count(), { timeout: ACTION_TIMEOUT_MS }).toBe(0);
    await credits.getByRole('button', { name: 'Save and continue' }).click();

    const development = await openedPanel(page, 'Set development');
    await expectWizardStep(development);
    await development.getByText('Credit delivery date').first().waitFor();
    await field(development, 'Planning reference').fill('26/0042/FUL');
    await field(development, 'Credit delivery date').fill('1 Jun 2027');
    await field(development, 'Credit delivery date').press('Tab');
    await pickFromLongList(page, field(development, 'Local planning authority'), 'Southampton LPA');
    await pickFromLongList(page, field(development, 'Subcatchment'), 'Solent');
    await field(development, 'Nearest address').fill('1 Harbour Road, Southampton');
    await expectNoAxeViolations(page);
    await development.getByRole('button', { name: 'Save and continue' }).click();

    // The first step's name and type are not asked again: the place is followed by the last step.
    const finish = await openedPanel(page, 'Credit requirement saved');
    await finish.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('region', { name: 'Development' }).getByText('26/0042/FUL').waitFor();
    await page.getByRole('table', { name: 'Nitrogen need by year' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(tmpdir(), 'curlew-requirement-draft.png'), fullPage: true });

    expect(await page.getByText('This credit requirement is not finished').count()).toBe(0);
  });

  it('lets the agent register a biodiversity requirement for its investor client through the wizard', async () => {
    const agent = await signInAs('agent', inject('demoPassword'), 'Aled Morgan');
    const { page } = agent;
    const name = `E2E investor units ${uniqueTag()}`;
    await page.getByRole('link', { name: 'Credit requirements', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credit requirements' }).waitFor();
    await page.getByRole('button', { name: WIZARD }).click();
    const create = await openedPanel(page, WIZARD);
    await expectWizardStep(create);
    await field(create, 'Requirement name').fill(name);
    await chooseOption(page, field(create, 'Requirement for'), 'An investor');
    await chooseOption(page, field(create, 'Buyer or investor'), INVESTOR);
    // The round is offered once the client registered in it as an investor is chosen.
    await chooseOption(page, field(create, /^Market round/), OPEN_ROUND);
    await create.getByRole('button', { name: 'Save and continue' }).click();

    const credits = await openedPanel(page, 'Set credits');
    await expectWizardStep(credits);
    await field(credits, 'Biodiversity units').fill('12');
    await field(credits, 'Target redemption date').fill('31 Mar 2028');
    await field(credits, 'Target redemption date').press('Tab');
    await credits
      .getByRole('radiogroup', { name: /^Can the units come from several projects\?/ })
      .getByLabel('Yes', { exact: true })
      .check();
    await chooseOption(page, field(credits, 'Module'), 'Area');
    // An area habitat gives its broad habitat, so the requirement can enter the clearing.
    await chooseOption(page, field(credits, 'Broad habitat'), 'Grassland');
    await chooseOption(page, field(credits, 'Distinctiveness'), 'Medium');
    await expectNoAxeViolations(page);
    await credits.getByRole('button', { name: 'Save and continue' }).click();

    const location = await openedPanel(page, 'Set location');
    await expectWizardStep(location);
    await pickFromLongList(page, field(location, 'Local planning authority'), 'Southampton LPA');
    await pickFromLongList(
      page,
      field(location, 'National Character Area'),
      'NCA 128 South Hampshire Lowlands',
    );
    await location.getByRole('button', { name: 'Save and continue' }).click();
    // With the round chosen on the first step, the last step registers it: its declarations, then Finish.
    const finish = await openedPanel(page, 'Credit requirement saved');
    await finish.getByLabel(REGISTER_DECLARATION).check();
    await expectNoAxeViolations(page);
    // Registering cannot be undone: the same panel lists the answers, then Finish registers.
    await (await continueToCheckAnswers(finish, 'Finish')).click();
    await expectToast(page, `${name} registered for ${OPEN_ROUND}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText(INVESTOR).first().waitFor();
    await page.getByText('Provisional', { exact: true }).first().waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await agent.close();
  });

  it('lets a buyer bid in the round open for bids (0 refused), and the supplier never sees the bid', async () => {
    const buyer = await signInAs('buyer', inject('demoPassword'), 'Ben Marsh');
    const { page, baseUrl } = buyer;
    await page.getByRole('link', { name: 'Credit requirements', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Credit requirements' }).waitFor();
    await chooseOption(
      page,
      page.getByRole('main').getByLabel('Market round', { exact: true }),
      BIDDING_ROUND,
    );
    const table = page.getByRole('table', { name: 'Credit requirements' });
    await table.getByRole('link', { name: SEEDED }).click();
    await page.getByRole('heading', { level: 1, name: SEEDED }).waitFor();
    const requirementPath = new URL(page.url()).pathname;
    await waitForFinishedPage(page);
    expect(await page.getByRole('region', { name: 'Bid' }).count()).toBe(0);

    // The bid is the next step: a button in the Next step panel (and an open line of What is still needed).
    await page.getByRole('region', { name: 'What is still needed' }).getByText('Bid: not done yet').waitFor();
    await page.getByRole('region', { name: 'Next step' }).getByRole('button', { name: 'Set bid' }).click();
    const bid = await openedPanel(page, 'Set bid');
    await field(bid, 'Bid').fill('0');
    await bid.getByText('Value must be greater than 0').waitFor();
    await field(bid, 'Bid').fill('150000');
    await expect.poll(() => bid.getByText('Value must be greater than 0').count()).toBe(0);
    await bid.getByText(/^Bid of £150,000: .* per unit · .* per unit-year$/).waitFor();
    await bid.getByLabel(BID_DECLARATION).check();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(tmpdir(), 'curlew-requirement-bid.png'), fullPage: true });
    const saveBid = await continueToCheckAnswers(bid, 'Save');
    await bid.getByText('£150,000', { exact: true }).waitFor();
    await saveBid.click();
    await expectToast(page, 'Bid saved');
    await page.getByRole('region', { name: 'Bid' }).getByText('£150,000').waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await buyer.close();

    const supplier = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    await supplier.page.goto(`${baseUrl}${requirementPath}`);
    await supplier.page.getByRole('alert').filter({ hasText: 'Credit requirement not found' }).waitFor();
    expect(await supplier.page.getByText('£150,000').count()).toBe(0);
    const id = requirementPath.split('/').at(-1) ?? '';
    const answers = await supplier.page.evaluate(
      async (paths) =>
        Promise.all(
          paths.map(async (path) => {
            const response = await fetch(path);
            return { status: response.status, text: await response.text() };
          }),
        ),
      [`/api/requirement/${id}`, '/api/requirements?format=csv', '/api/requirements?pageSize=100'],
    );
    expect(answers[0]?.status).toBe(404);
    for (const answer of answers) {
      expect(answer.text).not.toContain('150000');
      expect(answer.text).not.toContain(SEEDED);
    }
  });
});
