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
import { isoDay, typeDate } from './dates.ts';
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

    // The draft round lists what it still needs before it opens; the reserve's line opens its dialog.
    const needed = page.getByRole('region', { name: 'What is still needed' });
    await needed.getByText('It is not agreed with the EMB').waitFor();
    const nextStep = page.getByRole('region', { name: 'Next step' });
    expect(
      await nextStep.getByRole('button', { name: 'Open for registration' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await screenshot(page, '00-draft-round-checklist');
    await needed.getByRole('button', { name: 'Set credit reserve' }).click();
    const reserve = actionPanel(page, 'Set credit reserve');
    const percentage = field(reserve, 'Credit reserve');
    await percentage.fill('25');
    await reserve.getByText(RESERVE_WARNING).waitFor();
    // What the reserve applies to is already chosen; only the EMB's agreement is missing.
    expect(await field(reserve, 'Reserve applies to').inputValue()).toBe('All demand');
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await reserve.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set credit reserve succeeded');
    await page.getByText('25%', { exact: true }).waitFor();
    await needed.getByText('25% of all demand, agreed with the EMB').waitFor();
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

    // What the round still needs is listed; each open line opens the dialog that completes it.
    const needed = page.getByRole('region', { name: 'What is still needed' });
    await needed.getByText('7 of 7 still to do before the round can open for registration.').waitFor();
    const nextStep = page.getByRole('region', { name: 'Next step' });
    const open = nextStep.getByRole('button', { name: 'Open for registration' });
    expect(await open.getAttribute('aria-disabled')).toBe('true');
    await nextStep.getByText('Complete what is still needed, listed below.').waitFor();

    // Registration windows open now, and a 25% reserve saved past the warning.
    await needed.getByRole('button', { name: 'Set registration dates' }).click();
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
    await needed.getByText('6 of 7 still to do before the round can open for registration.').waitFor();

    await needed.getByRole('button', { name: 'Set credit reserve' }).click();
    const reserve = actionPanel(page, 'Set credit reserve');
    await field(reserve, 'Credit reserve').fill('25');
    await reserve.getByText(RESERVE_WARNING).waitFor();
    await chooseOption(page, field(reserve, 'Reserve applies to'), 'All demand');
    await field(reserve, 'The reserve has been agreed with the EMB').check();
    await screenshot(page, '05-reserve-warning');
    await reserve.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Set credit reserve succeeded');
    await page.getByText('25%', { exact: true }).waitFor();

    // Every declaration category in one dialog: each field offers only its own category's declarations.
    await needed.getByText('5 of 7 still to do before the round can open for registration.').waitFor();
    await needed.getByRole('button', { name: 'Add declarations' }).first().click();
    const add = actionPanel(page, 'Add declarations');
    for (const [category, declaration] of NEW_ROUND_DECLARATIONS) {
      const categoryField = field(add, new RegExp(`^${category}`));
      await chooseOption(page, categoryField, `${declaration} (participants and agents)`);
      await closeDropdown(add);
    }
    await screenshot(page, '06-declarations-dialog');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'detached' });
    await expectToast(page, '5 declarations added');
    await needed.getByText('Everything is ready: the round can open for registration.').waitFor();
    await screenshot(page, '06-declarations');
    // Open asks nothing: the server has just checked what it needs.
    await open.click();
    const openPanel = actionPanel(page, 'Open for registration');
    await screenshot(page, '07-open-dialog');
    await openPanel.getByRole('button', { name: 'Open' }).click();
    await openPanel.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Round progress' })
      .getByText('Open for registration · Now')
      .waitFor();
    await needed.waitFor({ state: 'detached' });
    const history = page.getByRole('table', { name: 'History of the round' });
    await history
      .getByRole('row')
      .filter({ hasText: 'Open for registration' })
      .filter({ hasText: 'Alex Admin' })
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

    // The operator completes both registrations from the participants table, then withdraws one and reinstates it.
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: marketName }).click();
    await page.getByRole('link', { name: roundName, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: roundName }).waitFor();
    const participants = page.getByRole('table', { name: `Participants of ${roundName}` });
    for (const organisation of [DEMO_SUPPLIER, DEMO_BUYER]) {
      await participants.getByRole('button', { name: `Complete registration of ${organisation}` }).click();
      const complete = actionPanel(page, 'Complete registration');
      await complete.getByRole('button', { name: 'Complete' }).click();
      await complete.waitFor({ state: 'detached' });
      await participants
        .getByRole('row')
        .filter({ hasText: organisation })
        .filter({ hasText: 'Registered' })
        .waitFor();
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

    // The buyer's page lists its market rounds, each linked to its participation.
    await page.goto(`${operator.baseUrl}/participants`);
    await page.getByRole('link', { name: DEMO_BUYER, exact: true }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: DEMO_BUYER }).waitFor();
    const rounds = page.getByRole('table', { name: `Market rounds of ${DEMO_BUYER}` });
    const row = rounds.getByRole('row').filter({ hasText: roundName });
    await row.filter({ hasText: 'Bids and offers open' }).filter({ hasText: 'Registered' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, '14-participant-rounds');
    await row.getByRole('link', { name: roundName }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_BUYER }).waitFor();
    await page.getByText(`Buyer in ${roundName}`).waitFor();
  }, 600_000);
});
