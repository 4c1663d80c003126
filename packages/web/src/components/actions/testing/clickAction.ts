import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/**
 * Runs an action of a page's action group by its title: its button when it is a primary one, else its item of the
 * 'More actions' menu. Waits for the group to show.
 */
export async function clickAction(
  user: ReturnType<typeof userEvent.setup>,
  title: string,
  group: RegExp | string = /^Actions for /,
): Promise<void> {
  const actions = await screen.findByRole('group', { name: group });
  const button = within(actions).queryByRole('button', { name: title });
  if (button !== null) {
    await user.click(button);
    return;
  }
  await user.click(within(actions).getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: title }));
}
