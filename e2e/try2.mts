import { mkdtempSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:3105';
const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/chr-'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  colorScheme: 'light',
  viewport: { width: 1280, height: 900 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = ctx.pages()[0] ?? (await ctx.newPage());
const who = process.argv[2] ?? 'admin';
page.on('request', (r) => {
  if (r.url().includes('/api/organisation/0000'))
    console.log('REQ', Date.now() % 100000, r.url(), r.headers()['accept']);
});
await page.goto(`${base}/login`);
await page.getByLabel('Username').fill(who);
await page.getByLabel('Password', { exact: true }).fill('curlew-demo-2026');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(`${base}/`);
await page.waitForTimeout(1500);
for (const step of process.argv.slice(3)) {
  const [kind, arg] = step.split('=');
  if (kind === 'goto') {
    await page.goto(`${base}${arg}`);
    await page.waitForTimeout(5000);
  }
  if (kind === 'click') {
    await page.getByRole('button', { name: arg }).first().click();
    await page.waitForTimeout(800);
  }
  if (kind === 'link') {
    await page.getByRole('link', { name: arg }).first().click();
    await page.waitForTimeout(800);
  }
  if (kind === 'shot') await page.screenshot({ path: `/tmp/shots/${arg}.png`, fullPage: true });
  if (kind === 'url') console.log('URL', page.url());
  if (kind === 'menu') {
    await page.getByRole('banner').getByRole('button', { name: arg, exact: true }).click();
    await page.waitForTimeout(500);
  }
  if (kind === 'item') {
    await page
      .getByRole('menuitem', { name: arg })
      .or(page.getByRole('button', { name: arg }))
      .first()
      .click();
    await page.waitForTimeout(1500);
  }
}
await ctx.close();
