import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import {
  ACTION_TIMEOUT_MS,
  type BrowserSession,
  type OutboxMail,
  openBrowser,
  outboxFor,
  signIn,
  waitForPathname,
  waitForSignedInAs,
} from './browser.ts';

/** Waits until an e-mail to the address matches `pattern` and returns the first such e-mail. */
export async function waitForMail(baseUrl: string, to: string, pattern: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxFor(baseUrl, to)).find((mail) => pattern.test(`${mail.subject}\n${mail.text}`));
        return found !== undefined;
      },
      { timeout: ACTION_TIMEOUT_MS, interval: 250 },
    )
    .toBe(true);
  if (found === undefined) throw new Error(`no mail to ${to} matching ${pattern}`);
  return found;
}

/** The open action panel (side drawer or confirm modal) titled with the action's title. */
export const actionPanel = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });

/** A field of an action form by its label, exactly (labels of optional fields end with the 'optional' tag). */
export const field = (panel: Locator, label: string | RegExp): Locator =>
  typeof label === 'string' ? panel.getByLabel(label, { exact: true }) : panel.getByLabel(label);

/** Types a phone number as a person would, after clearing the box; the country button keeps its dial code. */
export async function typePhone(input: Locator, number: string): Promise<void> {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(number);
  await expect.poll(async () => input.inputValue(), { timeout: ACTION_TIMEOUT_MS }).toBe(number);
}

/** Picks an option of a Mantine select (single or multiple) by its visible label. */
export async function chooseOption(page: Page, input: Locator, optionLabel: string): Promise<void> {
  // A multi-select's input sits under its pills box, which takes the click at the same spot, as it does for a user.
  await input.click({ force: true });
  // Only the open option list's options: a list page behind a panel may have filters with options of the same names.
  const option = page.getByRole('listbox').getByRole('option', { name: optionLabel, exact: true });
  // A required choice whose options load to exactly one is filled in and fixed (a plain read-only text box): then
  // there is nothing to choose, only to check.
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (await option.isVisible()) {
      await option.click();
      return;
    }
    const fixed = (await input.getAttribute('aria-haspopup')) === null;
    if (fixed && (await input.inputValue()) === optionLabel) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`No option '${optionLabel}' to choose`);
}

/** Closes an open option list the way a user does, by clicking elsewhere in the panel (Escape would close the panel). */
export async function closeDropdown(panel: Locator): Promise<void> {
  await panel.getByRole('heading').first().click();
}

/** Waits for the success toast with the given text. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
}

/** A small real PDF written to a temporary folder that is removed when the test ends. */
export function writeSmallPdf(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'curlew-e2e-pdf-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const path = join(folder, name);
  writeFileSync(path, body, 'latin1');
  return path;
}

/** A fresh browser signed in through the sign-in page, on the user's home once the header names them. */
export async function signInAs(
  username: string,
  password: string,
  displayName: string,
): Promise<BrowserSession> {
  const session = await openBrowser();
  await signIn(session.page, session.baseUrl, username, password);
  await waitForPathname(session.page, '/');
  await waitForSignedInAs(session.page, displayName);
  return session;
}

/**
 * Opens an action of a record page by its button (among the record's actions or in its 'Next step' panel) or its
 * item of the 'More actions' menu, and returns its panel (a confirmation without fields is a dialog with no form:
 * `withForm` false).
 */
export async function openAction(page: Page, title: string, withForm = true): Promise<Locator> {
  const actions = page.getByRole('group', { name: /^Actions for / });
  const nextSteps = page.getByRole('region', { name: /^Next steps?$/ });
  const button = actions
    .getByRole('button', { name: title, exact: true })
    .or(nextSteps.getByRole('button', { name: title, exact: true }))
    .first();
  const item = page.getByRole('menuitem', { name: title, exact: true });
  await expect
    .poll(async () => {
      if ((await button.count()) > 0) return true;
      await actions.getByRole('button', { name: 'More actions', exact: true }).click();
      if ((await item.count()) > 0 && (await item.isEnabled())) return true;
      await page.keyboard.press('Escape');
      return false;
    })
    .toBe(true);
  if ((await item.count()) > 0) await item.click();
  else await button.click();
  const panel = actionPanel(page, title);
  await (withForm ? panel.getByRole('form', { name: title }) : panel).waitFor();
  return panel;
}

/** Submits a panel with its button and waits for it to close after success. */
export async function submit(panel: Locator, button: string): Promise<void> {
  await panel.getByRole('button', { name: button, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}

/**
 * Goes on from an action's fields to its check-answers step (actions that cannot be undone: Register, Set offer,
 * Set bid) and returns that step's submit button.
 */
export async function continueToCheckAnswers(panel: Locator, button: string): Promise<Locator> {
  await panel.getByRole('button', { name: 'Continue', exact: true }).click();
  await panel.getByRole('heading', { name: 'Check your answers' }).waitFor();
  return panel.getByRole('button', { name: button, exact: true });
}

/** Submits an action from its check-answers step and waits for the panel to close after success. */
export async function confirmAnswers(panel: Locator, button: string): Promise<void> {
  await (await continueToCheckAnswers(panel, button)).click();
  await panel.waitFor({ state: 'detached' });
}

/** Types a date as a person does ('1 Apr 2026') and leaves the field. */
export async function fillDate(input: Locator, text: string): Promise<void> {
  await input.fill(text);
  await input.press('Tab');
}
