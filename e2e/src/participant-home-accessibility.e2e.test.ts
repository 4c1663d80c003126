import { describe, inject, it } from 'vitest';
import { expectAccessibleIn } from './accessibility.ts';
import { openBrowser, signIn, waitForPath, waitForSignedInAs } from './browser.ts';

describe('participant home accessibility', () => {
  it('the participant home is dark (whatever the browser prefers) and passes axe', async () => {
    const { page, baseUrl } = await openBrowser({ colorScheme: 'light' });
    await signIn(page, baseUrl, 'supplier', inject('demoPassword'));
    await waitForPath(page, '/');
    await waitForSignedInAs(page, 'Sophie Fielding');
    await expectAccessibleIn(page, 'dark');
  });
});
