import { TOAST_LIFETIME_MS } from '@curlew/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { showToast } from '../toasts.ts';
import { ToastHost } from './ToastHost.tsx';

describe('toasts', () => {
  it('appear with a Close button and vanish on their own after 5000 ms', async () => {
    expect(TOAST_LIFETIME_MS).toBe(5000);
    renderAt(<ToastHost />);
    showToast('Your profile has been saved', 'success');
    const message = await screen.findByText('Your profile has been saved', undefined, { timeout: 5000 });
    // Its own Close button (a toast another test file left on its way may show beside it).
    const toast = message.closest<HTMLElement>('[role="alert"]');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const shownAt = Date.now();
    await waitFor(() => expect(message).not.toBeInTheDocument(), { timeout: TOAST_LIFETIME_MS + 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(TOAST_LIFETIME_MS - 500);
  }, 20_000);
});
