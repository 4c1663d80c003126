import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { expectNoAxeViolations, screenshot } from './browser.ts';
import { actionPanel, expectToast, field, signInAs, waitForMail } from './org-helpers.ts';

const MARKET = 'Solent Nature Recovery Market';
/** The demo round open for bids and offers, with offers and bids of every credit type and groups. */
const ROUND = 'Round 3 2025';
const REJECTION = 'The nitrogen bids need checking with the buyers before the result is accepted';

const progress = (page: Page) => page.getByRole('list', { name: 'Round progress' });

/** Runs a round action from the page's button: its dialog opens, is confirmed with `submit` and closes. */
async function runAction(page: Page, button: string, dialog: string, submit: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const panel = actionPanel(page, dialog);
  await panel.getByRole('button', { name: submit, exact: true }).waitFor();
  return panel;
}

/** Matches the round from its page and watches the solver until the result waits for review. */
async function matchAndWatch(page: Page, shot: string): Promise<void> {
  const match = await runAction(page, 'Match bids and offers', 'Match bids and offers', 'Match');
  await match.getByRole('button', { name: 'Match', exact: true }).click();
  await match.waitFor({ state: 'detached' });
  const matching = page.getByRole('heading', { level: 2, name: 'Matching' }).locator('..');
  await matching.waitFor();
  await matching.getByRole('progressbar', { name: "Time used of the solver's time limit" }).waitFor();
  await matching.getByText(/^Solver: (Queued|Running|Finished)$/).waitFor();
  await screenshot(page, shot);
  await matching.getByText('Best surplus').waitFor();
  await matching.getByRole('link', { name: 'Review matches' }).waitFor({ timeout: 120_000 });
  await progress(page)
    .getByText(/^Pending/)
    .waitFor();
}

/** The first row's name link of a review table. */
async function firstNameIn(page: Page, table: string): Promise<{ name: string; path: string }> {
  const link = page.getByRole('table', { name: table }).getByRole('row').nth(1).getByRole('link').first();
  return { name: (await link.textContent()) ?? '', path: (await link.getAttribute('href')) ?? '' };
}

describe('clearing a round in the browser', () => {
  it('is closed, matched, reviewed, rejected, matched again and accepted; participants see outcomes and the statement', async () => {
    const password = inject('demoPassword');
    const operator = await signInAs('admin', password, 'Alex Admin');
    const { page, baseUrl } = operator;
    await page.getByRole('link', { name: 'Markets', exact: true }).click();
    await page.getByRole('link', { name: MARKET }).click();
    await page.getByRole('heading', { level: 1, name: MARKET }).waitFor();
    await page.getByRole('link', { name: ROUND, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ROUND }).waitFor();
    const roundPath = new URL(page.url()).pathname;

    // Bids and offers close; the round may be matched.
    const close = await runAction(
      page,
      'Close bids and offers',
      'Close bids and offers',
      'Close bids and offers',
    );
    await close.getByRole('button', { name: 'Close bids and offers', exact: true }).click();
    await close.waitFor({ state: 'detached' });
    await progress(page)
      .getByText(/^Bids and offers closed · Now/)
      .waitFor();

    // Match runs in the background with live progress, and ends with a result waiting for review.
    await matchAndWatch(page, 'match-01-progress');
    await waitForFinishedPage(page);
    await screenshot(page, 'match-02-pending');

    // The review: the headline, the supply and demand of each credit type, winners and losers with reasons.
    await page.getByRole('link', { name: 'Review matches' }).click();
    await page.getByRole('heading', { level: 1, name: `Review of ${ROUND}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Supply and demand' }).waitFor();
    for (const type of ['Biodiversity', 'Nitrogen', 'Phosphorous']) {
      const chart = page.getByRole('img', {
        name: new RegExp(`^Supply and demand chart\\. ${type}: \\d+ offers? `),
      });
      await chart.waitFor();
      await chart.locator('svg.recharts-surface').first().waitFor();
    }
    const losing = page.getByRole('table', { name: 'Losing requirements' });
    await losing.waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'match-03-review');

    // The operator rejects the first result with a reason; the round may be matched again.
    const reject = await runAction(page, 'Reject match', 'Reject match', 'Reject');
    await field(reject, 'Reason').fill(REJECTION);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.waitFor({ state: 'detached' });
    await expectToast(page, 'Match rejected');
    await page.goto(`${baseUrl}${roundPath}`);
    await progress(page)
      .getByText(/^Rejected · Now/)
      .waitFor();

    await matchAndWatch(page, 'match-04-progress-again');
    await page.getByRole('link', { name: 'Review matches' }).click();
    await page.getByRole('heading', { level: 2, name: 'Supply and demand' }).waitFor();
    const winner = await firstNameIn(page, 'Winning projects');
    const loser = await firstNameIn(page, 'Losing requirements');
    const loserReason = (await losing.getByRole('row').nth(1).getByRole('cell').last().textContent()) ?? '';
    expect(winner.name).not.toBe('');
    expect(loser.name).not.toBe('');
    expect(loserReason.length).toBeGreaterThan(20);
    // The review explains its numbers: why a winner won, volumes sold and delivered, each multiplier in words.
    const winnerRow = page.getByRole('table', { name: 'Winning projects' }).getByRole('row').nth(1);
    await winnerRow.getByRole('cell', { name: /^Won: it sells .* its share of the surplus\.$/ }).waitFor();
    await page.getByText(/^Delivered after multipliers: Biodiversity: [\d,.]+ units/).waitFor();
    await page
      .getByRole('table', { name: 'Allocations' })
      .getByRole('cell', { name: /^(1|0\.75|0\.5) \((Same|Neighbouring|Outside)/ })
      .first()
      .waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    // The operator downloads the allocations of the result as CSV.
    const allocations = page.getByRole('heading', { level: 2, name: 'Allocations' }).locator('..');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      allocations.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('allocations.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const csvLines = csv.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe(
      'Project,Supplier,Requirement,Credit type,Units,Multiplier,Year,Why this multiplier,Units delivered',
    );
    expect(csvLines.some((line) => line.startsWith(`${winner.name},Tamar Valley Habitat Bank,`))).toBe(true);
    expect(csvLines.some((line) => line.includes(`,${loser.name},`))).toBe(false);

    const accept = await runAction(page, 'Accept match', 'Accept match', 'Accept');
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await accept.waitFor({ state: 'detached' });
    await expectToast(page, `Match accepted: ${ROUND} is matched`);
    await page.goto(`${baseUrl}${roundPath}`);
    await progress(page)
      .getByText(/^Matched · Now/)
      .waitFor();
    const operatorStatement = page.getByRole('table', { name: 'Credits traded' });
    await operatorStatement.waitFor();
    await waitForFinishedPage(page);
    await screenshot(page, 'match-05-matched');

    // The operator downloads the winners data set (the file Import match reads back).
    const [winners] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Winners as CSV' }).click(),
    ]);
    const winnersLines = (await readFile((await winners.path()) ?? '', 'utf8')).trimEnd().split(/\r?\n/);
    expect(winnersLines[0]).toBe('project,service,requirement,year,units');
    expect(winnersLines.length).toBeGreaterThan(1);
    expect(winnersLines.slice(1).every((line) => /,\d{4},\d+\.\d\d$/.test(line))).toBe(true);
    await operator.close();

    // The winning supplier sees its project's outcome, and the round's statement on the round page.
    const supplier = await signInAs('supplier', password, 'Sophie Fielding');
    await supplier.page.goto(`${baseUrl}${winner.path}`);
    await supplier.page.getByRole('heading', { level: 1, name: winner.name }).waitFor();
    const won = supplier.page.getByRole('region', { name: 'Round outcome' });
    await won.getByText('Won', { exact: true }).waitFor();
    await won
      .getByText(
        /^Sells [\d,]+\.\d\d (Biodiversity|Nitrogen|Phosphorous)(, [\d,]+\.\d\d (Biodiversity|Nitrogen|Phosphorous))* units$/,
      )
      .waitFor();
    await won.getByText(/^Receives £[\d,]+/).waitFor();
    await waitForFinishedPage(supplier.page);
    await screenshot(supplier.page, 'match-06-supplier-outcome');
    await supplier.page.goto(`${baseUrl}${roundPath}`);
    const statement = supplier.page.getByRole('heading', { level: 2, name: 'Round statement' }).locator('..');
    const traded = statement.getByRole('table', { name: 'Credits traded' });
    await traded.waitFor();
    for (const type of ['Biodiversity', 'Nitrogen', 'Phosphorous'])
      await traded.getByRole('cell', { name: type, exact: true }).waitFor();
    await statement.getByText('Winning projects').waitFor();
    await waitForFinishedPage(supplier.page);
    await expectNoAxeViolations(supplier.page);
    await screenshot(supplier.page, 'match-07-statement');
    await supplier.close();

    // The losing buyer sees its requirement's outcome with the reason, and was e-mailed it.
    const buyer = await signInAs('buyer', password, 'Ben Marsh');
    await buyer.page.goto(`${baseUrl}${loser.path}`);
    await buyer.page.getByRole('heading', { level: 1, name: loser.name }).waitFor();
    const lost = buyer.page.getByRole('region', { name: 'Round outcome' });
    await lost.getByText('Lost', { exact: true }).waitFor();
    await lost.getByText(loserReason, { exact: true }).waitFor();
    await waitForFinishedPage(buyer.page);
    await screenshot(buyer.page, 'match-08-buyer-outcome');
    await buyer.page.goto(`${baseUrl}${roundPath}`);
    const own = buyer.page.getByRole('table', { name: 'Your outcomes' });
    const ownRow = own
      .getByRole('row')
      .filter({ has: buyer.page.getByRole('link', { name: loser.name, exact: true }) });
    await ownRow.getByRole('cell', { name: 'Lost', exact: true }).waitFor();
    await ownRow.getByRole('cell', { name: loserReason, exact: true }).waitFor();
    await waitForFinishedPage(buyer.page);
    await expectNoAxeViolations(buyer.page);
    await screenshot(buyer.page, 'match-09-buyer-round');
    await buyer.close();
    const mail = await waitForMail(baseUrl, 'buyer@curlew.example', /^Your result in /);
    expect(mail.subject).toBe(`Your result in ${MARKET} - ${ROUND}`);
    expect(mail.text).toContain(`Credit requirement ${loser.name}: not matched. ${loserReason}`);
  }, 600_000);
});
