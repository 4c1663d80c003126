import { mkdtempSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:3105';
const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/chr-'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  colorScheme: 'dark',
  viewport: { width: 1280, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = ctx.pages()[0] ?? (await ctx.newPage());
const step = process.argv[2] ?? 'signup';
if (step === 'signup') {
  await page.goto(`${base}/signUp`);
  await page.getByRole('heading', { name: 'Sign up' }).waitFor();
  await page.screenshot({ path: '/tmp/shots/signup0.png' });
  const phone = page.getByLabel('Phone', { exact: true });
  await phone.click();
  await phone.pressSequentially('07700900555');
  console.log('typed', await phone.inputValue());
  await phone.fill('');
  await page.evaluate(() => navigator.clipboard?.writeText?.('+33 1 23 45 67 89').catch(() => {}));
  await phone.fill('+33 1 23 45 67 89');
  console.log(
    'fill',
    await phone.inputValue(),
    await page.getByRole('button', { name: /Phone country/ }).getAttribute('aria-label'),
  );
  await phone.fill('+44 123');
  await page.getByLabel('Password', { exact: true }).fill('abcdefgh1');
  await page.getByLabel('Confirm password').fill('abcdefgh2');
  await page.screenshot({ path: '/tmp/shots/signup1.png' });
  await page.getByRole('button', { name: /Phone country/ }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shots/signup2.png' });
}
await ctx.close();
