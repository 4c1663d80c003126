import type { AreaRouteTrees } from '../src/app/routing/types.ts';

const page = (name: string) => () => <h1>{name}</h1>;

/** Small route trees shaped like the real ones, with a page per area, for guard, menu and crumb tests. */
export const TEST_TREES: AreaRouteTrees = {
  sysAdmin: [{ path: 'system', page: page('System page'), crumb: { label: 'System' } }],
  admin: [
    { path: '', page: page('Admin home'), crumb: { label: 'Home' } },
    { path: 'markets', page: page('Markets page'), crumb: { label: 'Markets' } },
    { path: 'markets/:marketId', page: page('Market page'), crumb: { label: 'Market', entity: 'market' } },
    {
      path: 'markets/:marketId/round/:roundId',
      page: page('Round page'),
      crumb: { label: 'Round', entity: 'round' },
    },
    { path: 'projects', page: page('Admin projects'), crumb: { label: 'Projects' } },
    { path: 'settings', page: page('Settings page'), crumb: { label: 'Settings', noLink: true } },
    { path: 'settings/refdata', page: page('Reference data page'), crumb: { label: 'Reference data' } },
  ],
  lpa: [
    { path: '', page: page('LPA home'), crumb: { label: 'Home' } },
    { path: 'projects', page: page('LPA projects'), crumb: { label: 'Projects' } },
  ],
  participant: [
    { path: '', page: page('Participant home'), crumb: { label: 'Home' } },
    { path: 'participation/:id', page: page('Participation page'), crumb: { label: 'Participation' } },
  ],
  agent: [
    { path: '', page: page('Agent home'), crumb: { label: 'Home' } },
    { path: 'agencies/:id', page: page('Agency page'), crumb: { label: 'Agency', entity: 'organisation' } },
  ],
  signedIn: [
    { path: '', page: page('Home'), crumb: { label: 'Home' } },
    { path: 'profile', page: page('Profile page'), crumb: { label: 'Profile' } },
  ],
};
