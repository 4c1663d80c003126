import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { uniqueTag } from './accounts.ts';
import { expectNoAxeViolations, waitForPathname } from './browser.ts';
import { expectToast, signInAs } from './org-helpers.ts';

describe('reference data', () => {
  it('lets the operator edit a standard and add a version, both still there after a reload', async () => {
    const tag = uniqueTag();
    const standardName = `E2E Saltmarsh Code ${tag}`;
    const { page, baseUrl } = await signInAs('admin', inject('demoPassword'), 'Alex Admin');
    const main = page.getByRole('main');

    await page.goto(`${baseUrl}/settings`);
    await main.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    await main.getByRole('link', { name: 'Reference data', exact: true }).click();
    await main.getByRole('heading', { level: 1, name: 'Reference data' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);
    await main.getByRole('link', { name: 'Standards', exact: true }).click();
    await main.getByRole('heading', { level: 1, name: 'Standards' }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    // A standard of this journey's own, so the edits never touch what other tests read.
    await main.getByRole('link', { name: 'Create' }).click();
    await main.getByRole('heading', { level: 1, name: 'New standard' }).waitFor();
    await main.getByLabel(/^Name/).fill(standardName);
    await main.getByLabel(/^Description/).fill('Version one of the code');
    await main.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Standard created');
    await main.getByRole('heading', { level: 1, name: standardName }).waitFor();
    await page.waitForURL(/\/settings\/refdata\/standards\/(?!new$)[^/]+$/);
    const itemPath = new URL(page.url()).pathname;

    const description = main.getByLabel(/^Description/);
    await description.fill(`Saltmarsh restoration code for the Solent, ${tag}`);
    await main.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update standard succeeded');

    await main.getByRole('button', { name: 'Add version' }).click();
    await main.getByLabel(/^Version/).fill('2.1');
    await main.getByLabel(/^Effective date/).fill('2026-04-01');
    await main.getByLabel(/^Notes/).fill(`Adds tidal monitoring ${tag}`);
    await main.getByRole('button', { name: 'Add version' }).click();
    await expectToast(page, 'Add version succeeded');
    const versions = main.getByRole('table', { name: 'Versions of this standard, newest first' });
    await versions
      .getByRole('row')
      .filter({ hasText: `Adds tidal monitoring ${tag}` })
      .waitFor();

    await page.reload();
    await waitForPathname(page, itemPath);
    await main.getByRole('heading', { level: 1, name: standardName }).waitFor();
    await expect
      .poll(() => main.getByLabel(/^Description/).inputValue())
      .toBe(`Saltmarsh restoration code for the Solent, ${tag}`);
    const savedVersion = versions.getByRole('row').filter({ hasText: `Adds tidal monitoring ${tag}` });
    await savedVersion.waitFor();
    const cells = await savedVersion.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('2.1');
    expect(cells[1]).toMatch(/2026|Apr/);
  });
});
