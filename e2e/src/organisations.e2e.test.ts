import { describe, expect, inject, it } from 'vitest';
import { waitForFinishedPage } from './accessibility.ts';
import { createConfirmedParticipant, strongPassword, uniqueEmail, uniqueTag } from './accounts.ts';
import {
  expectNoAxeViolations,
  openBrowser,
  signIn,
  waitForPath,
  waitForPathname,
  waitForSignedInAs,
} from './browser.ts';
import { actionPanel, field, signInAs, typePhone, waitForMail } from './org-helpers.ts';

describe('organisations through the admin area', () => {
  it('lets the operator create a participant and invite a user, who completes the invitation and signs in', async () => {
    const tag = uniqueTag();
    const organisationName = `E2E Wader Trust ${tag}`;
    const invitedEmail = uniqueEmail('invited');
    const invitedName = `Ivy Invited ${tag}`;

    const admin = await openBrowser();
    await signIn(admin.page, admin.baseUrl, 'admin', inject('demoPassword'));
    await waitForSignedInAs(admin.page, 'Alex Admin');
    await admin.page.goto(`${admin.baseUrl}/participants`);
    await admin.page.getByRole('heading', { level: 1, name: 'Participants' }).waitFor();
    await waitForFinishedPage(admin.page);
    await expectNoAxeViolations(admin.page);

    await admin.page.getByRole('button', { name: 'Add participant' }).click();
    const create = actionPanel(admin.page, 'Add participant');
    await field(create, 'Name').fill(organisationName);
    await field(create, 'Contact name').fill('Wren Warbler');
    await field(create, 'Email').fill(`contact-${tag}@example.test`);
    await typePhone(field(create, 'Phone'), '7700 900456');
    await field(create, 'Mailing address').fill('1 Saltmarsh Lane\nLymington\nSO41 9AA');
    await create.getByRole('button', { name: 'Create' }).click();

    // The new organisation opens on its own page.
    await admin.page.waitForURL(/\/participants\/[^/]+$/);
    await admin.page.getByRole('heading', { level: 1, name: organisationName }).waitFor();
    await waitForFinishedPage(admin.page);
    await expectNoAxeViolations(admin.page);

    await admin.page.getByRole('button', { name: 'Invite user' }).click();
    const invite = actionPanel(admin.page, 'Invite user');
    await field(invite, 'Email').fill(invitedEmail);
    await field(invite, 'Name').fill(invitedName);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await admin.page.getByRole('cell', { name: invitedEmail }).first().waitFor();
    await admin.close();

    const mail = await waitForMail(admin.baseUrl, invitedEmail, /\/completeInvitation\?/);
    const link = mail.text.match(/https?:\/\/\S+\/completeInvitation\?\S+/)?.[0];
    expect(link).toBeDefined();
    const invitationUrl = new URL(link ?? '');
    expect(invitationUrl.searchParams.get('code')).toMatch(/^\d{6}$/);

    const invited = await openBrowser();
    const { page, baseUrl } = invited;
    await page.goto(`${baseUrl}${invitationUrl.pathname}${invitationUrl.search}`);
    await page.getByRole('heading', { name: 'Complete your invitation' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(invitationUrl.searchParams.get('username'));
    expect(await page.getByLabel('Code').inputValue()).toBe(invitationUrl.searchParams.get('code'));
    const password = strongPassword();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Complete invitation' }).click();
    await waitForPath(page, '/login');

    await signIn(page, baseUrl, invitedEmail, password);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/newPassword');
    // The invitation set the password: the first sign-in must not ask for another one.
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForPathname(page, '/');
    await waitForSignedInAs(page, invitedName);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: organisationName }).waitFor();
    await main.getByText('Your organisation', { exact: true }).waitFor();
  });

  it('lets a participant update its organisation, refusing a bad phone, and shows the change in the activity feed', async () => {
    const account = await createConfirmedParticipant(inject('baseUrl'), 'updater');
    const { page } = await signInAs(account.email, account.password, account.displayName);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: account.organisationName }).waitFor();
    await waitForFinishedPage(page);
    await expectNoAxeViolations(page);

    await main.getByRole('button', { name: 'Update organisation' }).click();
    const update = actionPanel(page, 'Update organisation');
    const save = update.getByRole('button', { name: 'Update', exact: true });
    await field(update, 'Contact name').fill('Curlew Contact');
    await field(update, 'Email').fill(account.email);
    await field(update, 'Mailing address').fill('2 Mudflat Row\nHamble\nSO31 4HA');

    await typePhone(field(update, 'Phone'), '12');
    await update.getByText('Not a valid phone number').waitFor();
    await update.getByText('Correct the errors before you can save').waitFor();
    expect(await save.isDisabled()).toBe(true);

    await typePhone(field(update, 'Phone'), '7700 900789');
    await update.getByText('Not a valid phone number').waitFor({ state: 'detached' });
    await update.getByText('Correct the errors before you can save').waitFor({ state: 'detached' });
    await save.click();
    await update.waitFor({ state: 'detached' });

    const details = main.getByRole('definition').filter({ hasText: '+447700900789' });
    await details.first().waitFor();
    const activity = main.getByRole('region', { name: 'Activity' });
    await activity
      .getByRole('listitem')
      .filter({ hasText: `${account.displayName} Update organisation` })
      .first()
      .waitFor();

    // The change is stored, not only shown: it is still there after a reload.
    await page.reload();
    await details.first().waitFor();
  });

  it('posts a comment that mentions a user, who is told by e-mail', async () => {
    const baseUrl = inject('baseUrl');
    const account = await createConfirmedParticipant(baseUrl, 'commenter');
    const { page } = await signInAs(account.email, account.password, account.displayName);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: account.organisationName }).waitFor();

    const words = `Our survey of the saltmarsh is ready ${uniqueTag()}`;
    const editor = main.getByRole('textbox', { name: 'Add a comment' });
    await editor.click();
    await editor.pressSequentially(`${words}, please review `);
    await editor.pressSequentially('@Alex');
    await page
      .getByRole('listbox', { name: 'Mention someone' })
      .getByRole('option', { name: /Alex Admin/ })
      .click();
    await editor.pressSequentially('thank you');
    await main.getByRole('button', { name: 'Comment', exact: true }).click();

    const comment = main
      .getByRole('article', { name: `Comment by ${account.displayName}` })
      .filter({ hasText: words });
    await comment.waitFor();
    expect(await comment.textContent()).toContain('Alex Admin');
    expect(await comment.textContent()).toContain('thank you');
    await expect.poll(() => editor.textContent()).toBe('');

    const mail = await waitForMail(baseUrl, 'admin@curlew.example', new RegExp(words));
    expect(mail.subject).toBe(`${account.displayName} mentioned you in a comment`);
    expect(mail.text).toContain(account.organisationName);
  });
});
