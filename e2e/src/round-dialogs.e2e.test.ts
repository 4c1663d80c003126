import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniqueTag } from './accounts.ts';
import { ACTION_TIMEOUT_MS, screenshot } from './browser.ts';
import { isoDay, typeDate } from './dates.ts';
import {
  actionPanel,
  chooseOption,
  closeDropdown,
  confirmAnswers,
  continueToCheckAnswers,
  expectToast,
  field,
  fillDate,
  openAction,
  signInAs,
  submit,
  writeSmallPdf,
} from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
const SUPPLIER = 'Tamar Valley Habitat Bank';
const BUYER = 'Kernow Homes Ltd';
const TARGET = 30;
const DECLARATIONS = [
  ['Participant registration', 'Accurate information'],
  ['Project registration', 'Right to register the land'],
  ['Credit requirement registration', 'Genuine need for credits'],
  ['Project offer', 'Binding offer'],
  ['Credit requirement bid', 'Binding bid'],
] as const;

type Role = 'operator' | 'supplier' | 'buyer';

/** Every action panel opened on the journey, by role: a multi-step wizard is one opening. */
const opened: Record<Role, string[]> = { operator: [], supplier: [], buyer: [] };

/** Clicks what opens an action panel, waits for the panel titled `title` and counts the opening. */
async function openPanel(role: Role, page: Page, trigger: Locator, title: string): Promise<Locator> {
  await trigger.click();
  const panel = actionPanel(page, title);
  await panel.waitFor();
  opened[role].push(title);
  return panel;
}

/** Opens a record page's action (its button or its 'More actions' item) and counts the opening. */
async function openRecordAction(role: Role, page: Page, title: string, withForm = true): Promise<Locator> {
  const panel = await openAction(page, title, withForm);
  opened[role].push(title);
  return panel;
}

const progress = (page: Page) => page.getByRole('list', { name: 'Round progress' });
const status = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).locator('..');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Picks an option of a long list (reference data): a plain click opens it, the option is scrolled to and chosen. */
async function pickFromLongList(page: Page, input: Locator, optionLabel: string): Promise<void> {
  await input.click();
  await page.getByRole('listbox').getByRole('option', { name: optionLabel, exact: true }).click();
  await expect.poll(() => input.inputValue(), { timeout: ACTION_TIMEOUT_MS }).toBe(optionLabel);
}

/** Goes to the home page's work list and follows the work item with the given name to its record. */
async function fromHome(page: Page, item: string): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Curlew', exact: true }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

async function checkEveryBox(panel: Locator): Promise<void> {
  for (const box of await panel.getByRole('checkbox').all()) await box.check();
}

/** Answers Yes to a completion's question when it asks one, then completes. */
async function complete(panel: Locator): Promise<void> {
  const question = panel.getByRole('radiogroup', { name: 'Is the registration complete and correct?' });
  if ((await question.count()) > 0) await question.getByRole('radio', { name: 'Yes' }).check();
  await submit(panel, 'Complete');
}

/** Runs a round-page action that asks nothing: opens its panel from the button, confirms, waits for the step. */
async function roundStep(page: Page, title: string, confirm: string, step: RegExp): Promise<void> {
  const panel = await openPanel('operator', page, button(page, title), title);
  await submit(panel, confirm);
  await progress(page).getByText(step).waitFor();
}

/** A participant registers in the round from its home's list of rounds open for registration. */
async function registerInRound(role: Role, page: Page, roundName: string, as: string): Promise<void> {
  await page.getByRole('heading', { name: 'Rounds open for registration' }).waitFor();
  await page.getByRole('link', { name: roundName, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
  const title = 'Register for this market round';
  const register = await openPanel(role, page, button(page, title), title);
  await chooseOption(page, field(register, 'Taking part as'), as);
  await closeDropdown(register);
  await checkEveryBox(register);
  await submit(register, 'Register');
  await page.getByText(`${as}:`).getByText('Provisional').waitFor();
}

describe('one round from Draft to Accept match', () => {
  it('counts the dialogs the operator, one supplier and one buyer open', async () => {
    const tag = uniqueTag();
    const roundName = `E2E dialogs round ${tag}`;
    const projectName = `E2E dialogs meadow ${tag}`;
    const requirementName = `E2E dialogs units ${tag}`;
    const password = inject('demoPassword');

    // The operator adds a biodiversity round to the demo market and completes what it needs to open.
    const operator = await signInAs('admin', password, 'Alex Admin');
    const { page, baseUrl } = operator;
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    const addRound = await openPanel('operator', page, button(page, 'Add market round'), 'Add market round');
    await expect
      .poll(() => field(addRound, 'Market').inputValue(), { timeout: ACTION_TIMEOUT_MS })
      .toBe(MARKET);
    await field(addRound, 'Name').fill(roundName);
    for (const [label, option] of [
      ['Services', 'Biodiversity'],
      ['Standards', 'Statutory biodiversity metric'],
      ['Project types', 'Habitat creation'],
      ['Bidders', 'Buyers and investors'],
    ] as const) {
      await chooseOption(page, field(addRound, label), option);
      await closeDropdown(addRound);
    }
    await addRound.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    const roundPath = new URL(page.url()).pathname;

    const needed = page.getByRole('region', { name: 'What is still needed' });
    const dates = await openPanel(
      'operator',
      page,
      needed.getByRole('button', { name: 'Set registration dates' }),
      'Set registration dates',
    );
    for (const window of [
      'Supplier registration',
      'Buyer and investor registration',
      'Project registration',
      'Credit requirement registration',
    ]) {
      const group = dates.getByRole('group', { name: window });
      await typeDate(group.getByLabel('Start', { exact: true }), isoDay(-1));
      await typeDate(group.getByLabel('End', { exact: true }), isoDay(30));
    }
    await submit(dates, 'Save');
    const reserve = await openPanel(
      'operator',
      page,
      needed.getByRole('button', { name: 'Set credit reserve' }),
      'Set credit reserve',
    );
    await field(reserve, 'Credit reserve').fill('15');
    await chooseOption(page, field(reserve, 'Reserve applies to'), 'All demand');
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await submit(reserve, 'Save');
    const declarations = await openPanel(
      'operator',
      page,
      needed.getByRole('button', { name: 'Add declarations' }).first(),
      'Add declarations',
    );
    for (const [category, declaration] of DECLARATIONS) {
      await chooseOption(
        page,
        field(declarations, new RegExp(`^${category}`)),
        `${declaration} (participants and agents)`,
      );
      await closeDropdown(declarations);
    }
    await submit(declarations, 'Add');
    await needed.getByText('Everything is ready: the round can open for registration.').waitFor();
    await roundStep(page, 'Open for registration', 'Open', /^Open for registration · Now/);

    // The supplier and the buyer register from their homes; the operator completes both from the participants table.
    const supplier = await signInAs('supplier', password, 'Sophie Fielding');
    await registerInRound('supplier', supplier.page, roundName, 'Supplier');
    const buyer = await signInAs('buyer', password, 'Ben Marsh');
    await registerInRound('buyer', buyer.page, roundName, 'Buyer');
    await page.reload();
    const participants = page.getByRole('table', { name: `Participants of ${roundName}` });
    for (const organisation of [SUPPLIER, BUYER]) {
      const panel = await openPanel(
        'operator',
        page,
        participants.getByRole('button', { name: `Complete registration of ${organisation}` }),
        'Complete registration',
      );
      await complete(panel);
      await participants
        .getByRole('row')
        .filter({ hasText: organisation })
        .filter({ hasText: 'Registered' })
        .waitFor();
    }

    // The supplier adds a biodiversity project to the round, describes it and registers it.
    const sp = supplier.page;
    await sp.getByRole('link', { name: 'Projects', exact: true }).click();
    await sp.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    const add = await openPanel('supplier', sp, button(sp, 'Add project'), 'Add project');
    await field(add, 'Project name').fill(projectName);
    await expect.poll(() => field(add, 'Supplier').inputValue(), { timeout: 20_000 }).toBe(SUPPLIER);
    await chooseOption(sp, field(add, /^Market round/), roundName);
    await add.getByRole('checkbox').first().waitFor();
    await checkEveryBox(add);
    await add
      .getByRole('radiogroup', { name: 'Is the mitigation for a fixed term?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await submit(add, 'Add project');
    await sp.getByRole('heading', { level: 1, name: projectName }).waitFor();

    const update = await openRecordAction('supplier', sp, 'Update details');
    await chooseOption(sp, field(update, 'Project type'), 'Habitat creation');
    await submit(update, 'Update');
    const service = await openRecordAction('supplier', sp, 'Add biodiversity service');
    await service.getByLabel('Area (ha)', { exact: true }).waitFor();
    await chooseOption(sp, field(service, 'Broad habitat'), 'Grassland');
    await chooseOption(sp, field(service, 'Habitat type'), 'Lowland meadows');
    await chooseOption(sp, field(service, 'Target condition'), 'Good');
    await field(service, 'Area (ha)').fill('3.5');
    await fillDate(field(service, 'Mitigation begins'), '1 Apr 2026');
    await closeDropdown(service);
    await submit(service, 'Add service');
    const supply = await openRecordAction('supplier', sp, 'Set biodiversity supply');
    await field(supply, 'Baseline units lost').fill('1.5');
    await field(supply, 'Years to target condition').fill('2');
    await field(supply, 'At delivery').fill('4');
    await field(supply, 'At year 1').fill('9');
    await field(supply, 'Year 2').fill('15');
    await submit(supply, 'Save');
    const place = await openRecordAction('supplier', sp, 'Set location');
    const nca = field(place, 'National Character Area');
    if (!(await nca.isVisible())) {
      await chooseOption(sp, field(place, 'Credit types'), 'Biodiversity');
      await closeDropdown(place);
    }
    await chooseOption(sp, field(place, 'Local planning authority'), 'Fareham LPA');
    await chooseOption(sp, nca, 'NCA 128 South Hampshire Lowlands');
    await field(place, 'Nearest address').fill('Fenwick Lane, Titchfield PO14 4AA');
    await submit(place, 'Save');
    const costs = await openRecordAction('supplier', sp, 'Set project costs and fees');
    await field(costs, 'Maintenance').fill('42000');
    await field(costs, 'Market operator fee').fill('2500');
    await field(costs, 'Compliance monitoring').fill('6000');
    await field(costs, 'Performance monitoring').fill('4500');
    await submit(costs, 'Set costs and fees');
    const registerProject = await openRecordAction('supplier', sp, 'Register project for market round');
    // The project's round is chosen already (choosing it again would clear it); its declarations were answered.
    await expect.poll(() => field(registerProject, 'Market round').inputValue()).toBe(roundName);
    await checkEveryBox(registerProject);
    await confirmAnswers(registerProject, 'Register');
    await status(sp).getByText('Provisional', { exact: true }).waitFor();
    await complete(await openRecordAction('supplier', sp, 'Complete registration'));
    await status(sp).getByText('Registered', { exact: true }).waitFor();

    // The buyer's requirement: the wizard registers it in its last step.
    const bp = buyer.page;
    await bp.getByRole('link', { name: 'Credit requirements', exact: true }).click();
    await bp.getByRole('heading', { level: 1, name: 'Credit requirements' }).waitFor();
    const wizard = await openPanel(
      'buyer',
      bp,
      button(bp, 'Add credit requirement'),
      'Add credit requirement',
    );
    await field(wizard, 'Requirement name').fill(requirementName);
    await chooseOption(bp, field(wizard, 'Requirement for'), 'A buyer (development)');
    await chooseOption(bp, field(wizard, /^Market round/), roundName);
    await wizard.getByRole('button', { name: 'Save and continue' }).click();
    const credits = actionPanel(bp, 'Set credits');
    await chooseOption(bp, field(credits, 'Credit type'), 'Biodiversity');
    await field(credits, 'Biodiversity units').fill('8');
    await credits
      .getByRole('radiogroup', { name: /^Can the units come from several projects\?/ })
      .getByLabel('Yes', { exact: true })
      .check();
    await chooseOption(bp, field(credits, 'Broad habitat'), 'Grassland');
    await chooseOption(bp, field(credits, 'Distinctiveness'), 'Medium');
    await credits.locator('input[type="file"]').setInputFiles(writeSmallPdf('biodiversity-metric.pdf'));
    await credits.getByText('biodiversity-metric.pdf').waitFor();
    await credits.getByRole('button', { name: 'Save and continue' }).click();
    const development = actionPanel(bp, 'Set development');
    await field(development, 'Planning reference').fill('26/0077/FUL');
    await fillDate(field(development, 'Target redemption date'), '31 Mar 2028');
    await pickFromLongList(bp, field(development, 'Local planning authority'), 'Fareham LPA');
    await pickFromLongList(
      bp,
      field(development, 'National Character Area'),
      'NCA 128 South Hampshire Lowlands',
    );
    await field(development, 'Nearest address').fill('2 Quay Street, Fareham');
    await development.getByRole('button', { name: 'Save and continue' }).click();
    const finish = actionPanel(bp, 'Credit requirement saved');
    await finish.getByRole('checkbox').first().waitFor();
    await checkEveryBox(finish);
    // Registering cannot be undone: the same dialog checks the answers before Finish.
    const register = await continueToCheckAnswers(finish, 'Finish');
    await screenshot(bp, 'wizard-check-answers');
    await register.click();
    await expectToast(bp, `${requirementName} registered for ${roundName}`);
    await bp.getByRole('heading', { level: 1, name: requirementName }).waitFor();

    // The operator screens, reviews and certifies the project, and completes the requirement's registration.
    await fromHome(page, `Screen the project: ${projectName}`);
    await page.getByRole('heading', { level: 1, name: projectName }).waitFor();
    const screening = await openRecordAction('operator', page, 'Add project screening outcome');
    await chooseOption(page, field(screening, 'Outcome'), 'Pass');
    await submit(screening, 'Add outcome');
    const review = await openRecordAction('operator', page, 'Set the outcome of the pre-market review');
    await chooseOption(page, field(review, 'Outcome'), 'Pass');
    await submit(review, 'Submit');
    const certify = await openRecordAction('operator', page, 'Set certification decision');
    await certify.locator('input[type="file"]').setInputFiles(writeSmallPdf('certification-statement.pdf'));
    await certify.getByText('certification-statement.pdf').waitFor();
    for (const [group, dateLabel] of [
      ['Assessed by', 'Date assessed'],
      ['Reviewed by', 'Date reviewed'],
    ] as const) {
      const who = certify.getByRole('group', { name: group });
      await who.getByLabel('Name', { exact: true }).fill(`${group} ecologist`);
      await who.getByLabel('Organisation', { exact: true }).fill('Solent Certification Ltd');
      await who.getByLabel('Position', { exact: true }).fill('Ecologist');
      await fillDate(who.getByLabel(dateLabel, { exact: true }), '10 Mar 2026');
    }
    await chooseOption(page, field(certify, 'Standard'), 'Statutory biodiversity metric');
    await chooseOption(page, field(certify, 'Certified?'), 'Yes');
    await submit(certify, 'Save');
    await status(page).getByText('Certified', { exact: true }).waitFor();
    await fromHome(page, `Complete the requirement registration: ${requirementName}`);
    await page.getByRole('heading', { level: 1, name: requirementName }).waitFor();
    await complete(await openRecordAction('operator', page, 'Complete registration'));
    await status(page).getByText('Registered', { exact: true }).waitFor();

    // Registration closes and bids and offers open; the supplier offers and the buyer bids.
    await page.goto(`${baseUrl}${roundPath}`);
    await roundStep(page, 'Close registration', 'Close registration', /^Registration closed · Now/);
    await roundStep(page, 'Open for bids and offers', 'Open bids and offers', /^Bids and offers open · Now/);
    await fromHome(sp, `Make your offer: ${projectName}`);
    await sp.getByRole('heading', { level: 1, name: projectName }).waitFor();
    const offer = await openRecordAction('supplier', sp, 'Set offer');
    await field(offer, 'Offer').fill('20000');
    await checkEveryBox(offer);
    await confirmAnswers(offer, 'Save');
    await status(sp).getByText('Offered', { exact: true }).waitFor();
    await fromHome(bp, `Make your bid: ${requirementName}`);
    await bp.getByRole('heading', { level: 1, name: requirementName }).waitFor();
    const bid = await openRecordAction('buyer', bp, 'Set bid');
    await field(bid, 'Bid').fill('150000');
    await checkEveryBox(bid);
    await (await continueToCheckAnswers(bid, 'Save')).click();
    await expectToast(bp, 'Bid saved');

    // The operator closes bids and offers, matches, and accepts the result.
    await page.goto(`${baseUrl}${roundPath}`);
    await roundStep(page, 'Close bids and offers', 'Close bids and offers', /^Bids and offers closed · Now/);
    const match = await openPanel(
      'operator',
      page,
      button(page, 'Match bids and offers'),
      'Match bids and offers',
    );
    await submit(match, 'Match');
    await page.getByRole('link', { name: 'Review matches' }).click({ timeout: 120_000 });
    await page
      .getByRole('table', { name: 'Winning projects' })
      .getByRole('link', { name: projectName })
      .waitFor();
    const accept = await openPanel('operator', page, button(page, 'Accept match'), 'Accept match');
    await submit(accept, 'Accept');
    await expectToast(page, `Match accepted: ${roundName} is matched`);

    // The matched project's next steps are its two agreements, in its Next steps panel.
    await sp.reload();
    await status(sp).getByText('Matched', { exact: true }).waitFor();
    const nextSteps = sp.getByRole('region', { name: /^Next steps?$/ });
    for (const upload of ['Upload nature-based agreement', 'Upload Section 106 agreement'])
      await nextSteps.getByRole('button', { name: upload }).waitFor();
    await screenshot(sp, 'matched-project');

    const [a, s, b] = [opened.operator.length, opened.supplier.length, opened.buyer.length];
    const total = a + s + b;
    console.log(
      `Dialogs opened from Draft to Accept match: ${total} (operator ${a}, supplier ${s}, buyer ${b})`,
    );
    for (const role of ['operator', 'supplier', 'buyer'] as const)
      console.log(`  ${role}: ${opened[role].join(' · ')}`);
    expect(total).toBeLessThanOrEqual(TARGET);
    await Promise.all([operator.close(), supplier.close(), buyer.close()]);
  }, 900_000);
});
