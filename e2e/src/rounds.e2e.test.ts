import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { uniqueTag } from './accounts.ts';
import {
  ACTION_TIMEOUT_MS,
  expectNoAxeViolations,
  openBrowser,
  screenshot,
  signIn,
  waitForSignedInAs,
} from './browser.ts';
import {
  actionPanel,
  chooseOption,
  closeDropdown,
  expectToast,
  field,
  signInAs,
  writeSmallPdf,
} from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
const DRAFT_ROUND = 'Round 2 2026';
const OPEN_ROUND = 'Round 1 2026';
const RESERVE_WARNING = 'The recommended range is 10% to 20%';

describe('markets and rounds in the browser', () => {
  it('lets the operator find a draft round and set a 25% reserve past the warning; a participant sees the open round', async () => {
    const admin = await openBrowser();
    const { page, baseUrl } = admin;
    await signIn(page, baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(page, 'Alex Admin');

    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Markets' }).waitFor();
    await page.getByRole('link', { name: MARKET }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: DRAFT_ROUND }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: DRAFT_ROUND }).click();
    await page.getByRole('heading', { level: 1, name: DRAFT_ROUND }).waitFor();
    await page.getByRole('list', { name: 'Round progress' }).getByText('Draft · Now').waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: MARKET }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Set credit reserve' }).click();
    const reserve = actionPanel(page, 'Set credit reserve');
    const percentage = field(reserve, 'Credit reserve');
    await percentage.fill('25');
    await reserve.getByText(RESERVE_WARNING).waitFor();
    await field(reserve, 'Reserve applies to').click();
    await page.getByRole('option', { name: 'All demand', exact: true }).click();
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await reserve.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set credit reserve succeeded');
    await page.getByText('25%', { exact: true }).waitFor();
    await admin.close();

    const supplier = await openBrowser();
    await signIn(supplier.page, supplier.baseUrl, 'supplier', inject('demoPassword'));
    await waitForSignedInAs(supplier.page, 'Sophie Fielding');
    const open = supplier.page.getByRole('heading', { name: 'Rounds open for registration' });
    await open.waitFor();
    await supplier.page.getByRole('link', { name: OPEN_ROUND }).first().click();
    await supplier.page.getByRole('heading', { level: 1, name: OPEN_ROUND }).waitFor();
    await supplier.page.getByRole('heading', { name: 'Your registration' }).waitFor();
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await supplier.close();
  });
});

/** An ISO date `days` from today (UTC), as the date fields accept it typed. */
const isoDay = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Types a date into a date field of a panel and leaves it, as a person does. */
async function typeDate(input: Locator, iso: string): Promise<void> {
  await input.fill(iso);
  await input.press('Tab');
}

const NEW_ROUND_DECLARATIONS = [
  ['Participant registration', 'Accurate information'],
  ['Project registration', 'Right to register the land'],
  ['Credit requirement registration', 'Genuine need for credits'],
  ['Project offer', 'Binding offer'],
  ['Credit requirement bid', 'Binding bid'],
] as const;
const ACCURATE = 'The information given in this registration is accurate and complete.';
const DEMO_AGENT = 'Estuary Land Agents';
const DEMO_SUPPLIER = 'Tamar Valley Habitat Bank';
const DEMO_BUYER = 'Kernow Homes Ltd';

describe('a new market round from creation to bids and offers', () => {
  it('is set up by the operator, registered for by a supplier and an agent, and moved along to bids and offers', async () => {
    const tag = uniqueTag();
    const marketName = `E2E market ${tag}`;
    const roundName = `E2E round ${tag}`;
    const password = inject('demoPassword');

    // The operator creates a market and, from its page, a round with a nitrogen service.
    const operator = await signInAs('admin', password, 'Alex Admin');
    const { page } = operator;
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Markets' }).waitFor();
    await page.getByRole('button', { name: 'Add market' }).click();
    const addMarket = actionPanel(page, 'Add market');
    await field(addMarket, 'Name').fill(marketName);
    await field(addMarket, /^Region/).fill('Solent');
    await screenshot(page, '01-add-market');
    await addMarket.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: marketName }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add market round' }).click();
    const addRound = actionPanel(page, 'Add market round');
    await expect
      .poll(() => field(addRound, 'Market').inputValue(), { timeout: ACTION_TIMEOUT_MS })
      .toBe(marketName);
    await field(addRound, 'Name').fill(roundName);
    const ampEnd = field(addRound, 'End of the asset management period');
    const subcatchmentsField = field(addRound, 'Subcatchments');
    expect(await ampEnd.count()).toBe(0);
    await chooseOption(page, field(addRound, 'Services'), 'Nitrogen');
    await closeDropdown(addRound);
    await ampEnd.waitFor();
    await subcatchmentsField.waitFor();
    await chooseOption(page, field(addRound, 'Standards'), 'Statutory biodiversity metric');
    await closeDropdown(addRound);
    await chooseOption(page, field(addRound, 'Project types'), 'Habitat creation');
    await closeDropdown(addRound);
    await chooseOption(page, field(addRound, 'Bidders'), 'Buyers and investors');
    // The nitrogen service asks for the end of the asset management period and a subcatchment before saving.
    await addRound.getByText('Correct the errors before you can save').waitFor();
    const create = addRound.getByRole('button', { name: 'Create' });
    expect(await create.isDisabled()).toBe(true);
    expect(await ampEnd.getAttribute('aria-invalid')).toBe('true');
    expect(await subcatchmentsField.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '02-round-nitrogen-rules');
    await chooseOption(page, subcatchmentsField, 'Solent');
    await closeDropdown(addRound);
    await typeDate(ampEnd, '2030-03-31');
    await addRound.getByText('Correct the errors before you can save').waitFor({ state: 'detached' });
    await create.click();
    await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    await page.getByRole('list', { name: 'Round progress' }).getByText('Draft · Now').waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, '03-round-draft');

    // Registration windows open now, and a 25% reserve saved past the warning.
    await page.getByRole('button', { name: 'Set registration dates' }).click();
    const dates = actionPanel(page, 'Set registration dates');
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
    await screenshot(page, '04-registration-dates');
    await dates.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set registration dates succeeded');

    await page.getByRole('button', { name: 'Set credit reserve' }).click();
    const reserve = actionPanel(page, 'Set credit reserve');
    await field(reserve, 'Credit reserve').fill('25');
    await reserve.getByText(RESERVE_WARNING).waitFor();
    await chooseOption(page, field(reserve, 'Reserve applies to'), 'All demand');
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await screenshot(page, '05-reserve-warning');
    await reserve.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set credit reserve succeeded');
    await page.getByText('25%', { exact: true }).waitFor();

    // Open is refused until every declaration category has one; the operator adds them.
    const open = page.getByRole('button', { name: 'Open for registration' });
    for (const [category, declaration] of NEW_ROUND_DECLARATIONS) {
      await page.getByRole('button', { name: 'Add declarations' }).click();
      const add = actionPanel(page, 'Add declarations');
      await chooseOption(page, field(add, 'Asked at'), category);
      await chooseOption(page, field(add, 'Declarations'), declaration);
      await closeDropdown(add);
      await add.getByRole('button', { name: 'Add' }).click();
      await add.waitFor({ state: 'detached' });
    }
    await screenshot(page, '06-declarations');
    await open.click();
    const openPanel = actionPanel(page, 'Open for registration');
    await field(openPanel, 'I confirm that all required declarations are configured').check();
    await screenshot(page, '07-open-dialog');
    await openPanel.getByRole('button', { name: 'Open' }).click();
    await openPanel.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Round progress' })
      .getByText('Open for registration · Now')
      .waitFor();
    await screenshot(page, '08-round-open');

    // The agent asks for authority to register its client in the new round; the operator approves it.
    const agent = await signInAs('agent', password, 'Aled Morgan');
    await agent.page.getByRole('link', { name: DEMO_BUYER }).first().click();
    const clientMain = agent.page.getByRole('main');
    await clientMain.getByRole('heading', { level: 1, name: DEMO_BUYER }).waitFor();
    await clientMain.getByRole('button', { name: 'Provide agent authority' }).click();
    const provide = actionPanel(agent.page, 'Provide agent authority');
    await chooseOption(agent.page, field(provide, 'Market round'), `${marketName} - ${roundName}`);
    await chooseOption(agent.page, field(provide, 'Agent'), DEMO_AGENT);
    await provide.locator('input[type="file"]').setInputFiles(writeSmallPdf('authority-to-act.pdf'));
    await provide.getByText('authority-to-act.pdf').waitFor();
    await chooseOption(agent.page, field(provide, 'Permissions'), 'Register for round');
    await closeDropdown(provide);
    await provide.getByRole('button', { name: 'Provide authority' }).click();
    await provide.waitFor({ state: 'detached' });

    await page.goto(`${operator.baseUrl}/participants`);
    await page.getByRole('link', { name: DEMO_BUYER, exact: true }).click();
    const buyerMain = page.getByRole('main');
    await buyerMain.getByRole('heading', { level: 1, name: DEMO_BUYER }).waitFor();
    const authorityRow = buyerMain
      .getByRole('region', { name: 'Agent authorities' })
      .getByRole('row')
      .filter({ hasText: roundName });
    await authorityRow.filter({ hasText: 'Pending' }).waitFor();
    await authorityRow.getByRole('button', { name: 'Set approval' }).click();
    const approval = actionPanel(page, 'Set approval');
    await approval.getByRole('radio', { name: 'Yes' }).check();
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await approval.waitFor({ state: 'detached' });
    await authorityRow.filter({ hasText: 'Approved' }).waitFor();

    // The supplier registers as Supplier, answering the declaration.
    const supplier = await signInAs('supplier', password, 'Sophie Fielding');
    await supplier.page.getByRole('heading', { name: 'Rounds open for registration' }).waitFor();
    await supplier.page.getByRole('link', { name: roundName, exact: true }).click();
    await supplier.page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await supplier.page.getByRole('button', { name: 'Register for this market round' }).click();
    const register = actionPanel(supplier.page, 'Register for this market round');
    await chooseOption(supplier.page, field(register, 'Taking part as'), 'Supplier');
    await closeDropdown(register);
    // The declaration must be agreed to before the registration can be sent.
    const send = register.getByRole('button', { name: 'Register' });
    expect(await send.isDisabled()).toBe(true);
    await register.getByLabel(ACCURATE).check();
    await screenshot(supplier.page, '09-supplier-register');
    await send.click();
    await register.waitFor({ state: 'detached' });
    await supplier.page.getByRole('heading', { name: 'Your registration' }).waitFor();
    await supplier.page.getByText('Supplier:').getByText('Provisional').waitFor();
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await screenshot(supplier.page, '10-supplier-registered');
    await supplier.close();

    // The agent registers its client as Buyer.
    await agent.page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Home' })
      .click();
    await agent.page.getByRole('heading', { name: 'Rounds open for registration' }).waitFor();
    await agent.page.getByRole('link', { name: roundName, exact: true }).click();
    await agent.page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    await agent.page.getByRole('button', { name: 'Register for this market round' }).click();
    const agentRegister = actionPanel(agent.page, 'Register for this market round');
    await chooseOption(agent.page, field(agentRegister, 'Organisation'), DEMO_BUYER);
    await chooseOption(agent.page, field(agentRegister, 'Taking part as'), 'Buyer');
    await closeDropdown(agentRegister);
    await agentRegister.getByLabel(ACCURATE).check();
    await screenshot(agent.page, '11-agent-register');
    await agentRegister.getByRole('button', { name: 'Register' }).click();
    await agentRegister.waitFor({ state: 'detached' });
    await agent.page.getByRole('heading', { name: "Your clients' registrations" }).waitFor();
    await agent.page.getByText(`${DEMO_BUYER}, Buyer:`).getByText('Provisional').waitFor();
    await waitForFinishedPage(agent.page);
    await expectNoAxeViolations(agent.page);
    await agent.close();

    // The operator completes both registrations, withdraws one and reinstates it.
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: marketName }).click();
    await page.getByRole('link', { name: roundName, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    const participants = page.getByRole('table', { name: `Participants of ${roundName}` });
    for (const organisation of [DEMO_SUPPLIER, DEMO_BUYER]) {
      await participants.getByRole('link', { name: organisation }).click();
      await page.getByRole('heading', { level: 1, name: organisation }).waitFor();
      await page.getByRole('button', { name: 'Complete registration' }).click();
      const complete = actionPanel(page, 'Complete registration');
      await complete.getByRole('button', { name: 'Complete' }).click();
      await complete.waitFor({ state: 'detached' });
      await page.getByText('Registered', { exact: true }).first().waitFor();
      await page
        .getByRole('navigation', { name: 'Breadcrumbs' })
        .getByRole('link', { name: roundName, exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    }
    await participants.getByRole('link', { name: DEMO_BUYER }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_BUYER }).waitFor();
    await page.getByRole('button', { name: 'Withdraw from market round' }).click();
    const withdraw = actionPanel(page, 'Withdraw from market round');
    await field(withdraw, 'Reason').fill('The buyer asked to leave the round.');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await withdraw.waitFor({ state: 'detached' });
    await page.getByText('Withdrawn (was Registered)').waitFor();
    await page.getByRole('button', { name: 'Reinstate in market round' }).click();
    const reinstate = actionPanel(page, 'Reinstate in market round');
    await field(reinstate, 'Reason').fill('The buyer changed its mind.');
    await reinstate.getByRole('button', { name: 'Reinstate' }).click();
    await reinstate.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Withdraw from market round' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, '12-participation-reinstated');

    // Registration closes, then bids and offers open.
    await page
      .getByRole('navigation', { name: 'Breadcrumbs' })
      .getByRole('link', { name: roundName, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    await participants
      .getByRole('row')
      .filter({ hasText: DEMO_BUYER })
      .filter({ hasText: 'Registered' })
      .waitFor();
    await participants
      .getByRole('row')
      .filter({ hasText: DEMO_SUPPLIER })
      .filter({ hasText: 'Registered' })
      .waitFor();
    await page.getByRole('button', { name: 'Close registration' }).click();
    const close = actionPanel(page, 'Close registration');
    await close.getByRole('button', { name: 'Close registration' }).click();
    await close.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Round progress' }).getByText('Registration closed · Now').waitFor();
    await page.getByRole('button', { name: 'Open for bids and offers' }).click();
    const openBids = actionPanel(page, 'Open for bids and offers');
    await openBids.getByRole('button', { name: 'Open bids and offers' }).click();
    await openBids.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Round progress' })
      .getByText('Bids and offers open · Now')
      .waitFor();
    await waitForFinishedPage(page);
    // Registration is over: no window shows as open, whatever its dates.
    expect(await page.getByRole('table', { name: 'Registration windows' }).textContent()).not.toContain(
      'Open now',
    );
    await expectNoAxeViolations(page);
    await screenshot(page, '13-bids-and-offers-open');
  }, 600_000);
});
