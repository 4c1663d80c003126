import { describe, expect, inject, it } from 'vitest';
import { uniqueTag } from './accounts.ts';
import { expectNoAxeViolations } from './browser.ts';
import { actionPanel, field, openAction, signInAs } from './org-helpers.ts';

const GRID = 'Enter an OS grid reference: two letters then 2 to 10 digits, e.g. SU 12345 67890';
const WORDS = 'Enter a three-word address: three words joined by dots, e.g. ///filled.count.soap';

describe('form rules in the browser', () => {
  it('refuses a bad grid reference and three-word address, filters a long list by typing and asks before Escape discards changes', async () => {
    const name = `Form Rules Meadow ${uniqueTag()}`;
    const supplier = await signInAs('supplier', inject('demoPassword'), 'Sophie Fielding');
    const { page } = supplier;
    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.getByRole('button', { name: 'Add project', exact: true }).click();
    const add = actionPanel(page, 'Add project');
    await field(add, 'Project name').fill(name);
    await expect
      .poll(() => field(add, 'Supplier').inputValue(), { timeout: 20_000 })
      .toBe('Tamar Valley Habitat Bank');
    await add
      .getByRole('radiogroup', { name: 'Is the mitigation for a fixed term?' })
      .getByRole('radio', { name: 'No' })
      .check();
    await add.getByRole('button', { name: 'Add project', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name }).waitFor();

    const place = await openAction(page, 'Set location');
    await field(place, /^Grid reference/).fill('banana');
    await place.getByText(GRID, { exact: true }).waitFor();
    await field(place, /^Three-word address/).fill('not three words');
    await place.getByText(WORDS, { exact: true }).waitFor();
    expect(await field(place, /^Grid reference/).getAttribute('aria-invalid')).toBe('true');

    // The 337 local planning authorities are filtered by what is typed.
    const lpa = field(place, 'Local planning authority');
    await lpa.click();
    await lpa.pressSequentially('Wight');
    const options = page.getByRole('listbox').getByRole('option');
    await page.getByRole('option', { name: 'Isle of Wight LPA', exact: true }).waitFor();
    await expect.poll(() => options.count()).toBe(1);
    await page.getByRole('option', { name: 'Isle of Wight LPA', exact: true }).click();
    await expect.poll(() => lpa.inputValue()).toBe('Isle of Wight LPA');

    await field(place, /^Grid reference/).fill('SU 12345 67890');
    await field(place, /^Three-word address/).fill('///filled.count.soap');
    await expect.poll(() => place.getByText(GRID, { exact: true }).count()).toBe(0);
    await expect.poll(() => place.getByText(WORDS, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Escape on a changed dialog asks first, as Cancel does; keeping on editing keeps the values.
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await question.getByText('Discard your changes?', { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await field(place, /^Grid reference/).inputValue()).toBe('SU 12345 67890');
    await field(place, 'Nearest address').click();
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await place.waitFor({ state: 'detached' });

    // A size is bounded and what was typed is kept: '1e9' is a billion hectares, not 19.
    const service = await openAction(page, 'Add biodiversity service');
    const size = service.getByLabel('Area (ha)', { exact: true });
    await size.fill('1e9');
    await service.getByText('Must be at most 100,000 ha', { exact: true }).waitFor();
    expect(await size.inputValue()).toBe('1e9');
    // A typed date that is no date is kept and refused.
    const begins = field(service, 'Mitigation begins');
    await begins.fill('31/02/2026');
    await begins.press('Tab');
    await service.getByText('Not a valid date', { exact: true }).waitFor();
    expect(await begins.inputValue()).toBe('31/02/2026');
    await supplier.close();
  });
});
