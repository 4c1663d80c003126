import type { ComponentType } from 'react';
import { prefetchProject } from '../../features/projects/projectQuery.ts';
import { lazyPage } from '../lazyPage.ts';
import type { AreaRoute, AreaRouteTrees } from './types.ts';

/** The pages a module exports by name, each loaded with that module when first shown: `pagesOf(load)('Name')`. */
const pagesOf =
  <Pages extends Record<string, unknown>>(load: () => Promise<Pages>) =>
  (name: { [Name in keyof Pages]: Pages[Name] extends ComponentType ? Name : never }[keyof Pages]) =>
    lazyPage(() => load().then((pages) => ({ default: pages[name] as ComponentType })));

// Every page is its own chunk; later issues add their pages to the trees below and menus pick them up.
const LoginPage = lazyPage(() => import('../../auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazyPage(() =>
  import('../../auth/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
);
const ConfirmSignUpPage = lazyPage(() =>
  import('../../auth/ConfirmSignUpPage.tsx').then((m) => ({ default: m.ConfirmSignUpPage })),
);
const ResetPasswordPage = lazyPage(() =>
  import('../../auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const UpdatePasswordPage = lazyPage(() =>
  import('../../auth/UpdatePasswordPage.tsx').then((m) => ({ default: m.UpdatePasswordPage })),
);
const NewPasswordPage = lazyPage(() =>
  import('../../auth/NewPasswordPage.tsx').then((m) => ({ default: m.NewPasswordPage })),
);
const CheckTotpPage = lazyPage(() =>
  import('../../auth/CheckTotpPage.tsx').then((m) => ({ default: m.CheckTotpPage })),
);
const InvitationPage = lazyPage(() =>
  import('../../auth/InvitationPage.tsx').then((m) => ({ default: m.InvitationPage })),
);
const ProfilePage = lazyPage(() =>
  import('../../auth/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
);
const HomePage = lazyPage(() =>
  import('../../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })),
);
const LpaHomePage = lazyPage(() =>
  import('../../features/lpa/LpaHomePage.tsx').then((m) => ({ default: m.LpaHomePage })),
);
const AdminHomePage = lazyPage(() =>
  import('../../features/home/AdminHomePage.tsx').then((m) => ({ default: m.AdminHomePage })),
);
const SettingsPage = lazyPage(() =>
  import('../../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);
const RefDataTypesPage = lazyPage(() =>
  import('../../features/settings/RefDataTypesPage.tsx').then((m) => ({ default: m.RefDataTypesPage })),
);
const RefDataListPage = lazyPage(() =>
  import('../../features/settings/RefDataListPage.tsx').then((m) => ({ default: m.RefDataListPage })),
);
const RefDataItemPage = lazyPage(() =>
  import('../../features/settings/RefDataItemPage.tsx').then((m) => ({ default: m.RefDataItemPage })),
);

const SystemPage = lazyPage(() =>
  import('../../features/system/SystemPage.tsx').then((m) => ({ default: m.SystemPage })),
);

const adminOrganisationPage = pagesOf(() => import('../../features/organisations/adminPages.tsx'));
const ParticipantHomePage = lazyPage(() =>
  import('../../features/organisations/ParticipantHomePage.tsx').then((m) => ({
    default: m.ParticipantHomePage,
  })),
);
const roundsPage = pagesOf(() => import('../../features/rounds/pages.ts'));
// A project's page, the projects list and a project group's page load apart: a project page, often the first one
// opened (from an e-mail, a search), loads none of the list's filters and table.
const projectPage = pagesOf(() => import('../../features/projects/ProjectPage.tsx'));
const projectListPage = pagesOf(() => import('../../features/projects/ProjectsPage.tsx'));
const projectGroupPage = pagesOf(() => import('../../features/projects/ProjectGroupPage.tsx'));
const requirementsPage = pagesOf(() => import('../../features/requirements/pages.ts'));
const matchPage = pagesOf(() => import('../../features/match/pages.ts'));
const registryPage = pagesOf(() => import('../../features/registry/pages.ts'));
const PublicRegistryPage = lazyPage(() =>
  import('../../features/registry/PublicRegistryPage.tsx').then((m) => ({ default: m.PublicRegistryPage })),
);
const PublicOpportunityPage = lazyPage(() =>
  import('../../features/opportunity/PublicOpportunityPage.tsx').then((m) => ({
    default: m.PublicOpportunityPage,
  })),
);
const SearchPage = lazyPage(() =>
  import('../../features/search/SearchPage.tsx').then((m) => ({ default: m.SearchPage })),
);
/** The search of the operator and of a local planning authority (SPEC 2 `search/{term?}`). */
const searchRoutes: readonly AreaRoute[] = [
  { path: 'search', page: SearchPage, crumb: { label: 'Search' } },
  { path: 'search/:term', page: SearchPage, crumb: { label: 'Results', noLink: true } },
];
const agentPage = pagesOf(() => import('../../features/agents/agentPages.tsx'));

/** The authentication pages, open to everyone (SPEC 2 "Public and authentication routes"). */
export const PUBLIC_ROUTES: readonly AreaRoute[] = [
  { path: 'login', page: LoginPage },
  { path: 'signUp', page: SignUpPage },
  { path: 'confirmSignUp', page: ConfirmSignUpPage },
  { path: 'resetPassword', page: ResetPasswordPage },
  { path: 'updatePassword', page: UpdatePasswordPage },
  { path: 'newPassword', page: NewPasswordPage },
  { path: 'checkTOTP', page: CheckTotpPage },
  { path: 'invitation', page: InvitationPage },
  { path: 'completeInvitation', page: InvitationPage },
  { path: 'public/registry', page: PublicRegistryPage },
  { path: 'public/round/:roundId/opportunity', page: PublicOpportunityPage },
];

const home = { label: 'Home' };
const roundCrumb = { label: 'Market round', entity: 'round' } as const;
const participationCrumb = { label: 'Participation', entity: 'organisation' } as const;
const projectsCrumb = { label: 'Projects' };
const projectCrumb = { label: 'Project', entity: 'project' } as const;
const prefetchProjectRecord: AreaRoute['prefetch'] = ({ id }, queryClient) => {
  if (id !== undefined) prefetchProject(queryClient, id);
};
const projectGroupCrumb = { label: 'Project group', entity: 'projectGroup', parent: 'projects' } as const;
/** The projects pages of suppliers and their agents. */
const participantProjectRoutes: readonly AreaRoute[] = [
  { path: 'projects', page: projectListPage('ProjectsPage'), crumb: projectsCrumb },
  {
    path: 'projects/:id',
    page: projectPage('ParticipantProjectPage'),
    crumb: projectCrumb,
    prefetch: prefetchProjectRecord,
  },
  {
    path: 'project-group/:id',
    page: projectGroupPage('ParticipantProjectGroupPage'),
    crumb: projectGroupCrumb,
  },
];
const requirementsCrumb = { label: 'Credit requirements' };
const requirementCrumb = { label: 'Credit requirement', entity: 'requirement' } as const;
const requirementGroupCrumb = {
  label: 'Credit requirement group',
  entity: 'requirementGroup',
  parent: 'credit-requirements',
} as const;
/** The requirement pages of participants and agents (their own, or their clients'). */
const participantRequirementRoutes: readonly AreaRoute[] = [
  {
    path: 'credit-requirements',
    page: requirementsPage('ParticipantRequirementsPage'),
    crumb: requirementsCrumb,
  },
  {
    path: 'credit-requirements/:requirementId',
    page: requirementsPage('ParticipantRequirementPage'),
    crumb: requirementCrumb,
  },
  {
    path: 'requirement-group/:groupId',
    page: requirementsPage('RequirementGroupPage'),
    crumb: requirementGroupCrumb,
  },
];

const creditsCrumb = { label: 'Credits' };
const creditCrumb = { label: 'Credit' };
/** The credits of participants, agents and LPAs (their own, their clients', their area's). */
const areaCreditRoutes: readonly AreaRoute[] = [
  { path: 'credits', page: registryPage('AreaCreditsPage'), crumb: creditsCrumb },
  { path: 'credits/:creditId', page: registryPage('AreaCreditPage'), crumb: creditCrumb },
];
/** The operator's registries (SPEC 2). */
const registryRoutes: readonly AreaRoute[] = [
  { path: 'registry/credits', page: registryPage('RegistryCreditsPage'), crumb: creditsCrumb },
  { path: 'registry/credits/:creditId', page: registryPage('RegistryCreditPage'), crumb: creditCrumb },
  {
    path: 'registry/projects',
    page: registryPage('RegistryProjectsPage'),
    crumb: { label: 'Projects registry' },
  },
  { path: 'registry/projects/:id', page: registryPage('RegistryProjectPage'), crumb: projectCrumb },
  {
    path: 'registry/credit-requirements',
    page: registryPage('RegistryRequirementsPage'),
    crumb: { label: 'Credit requirements registry' },
  },
  {
    path: 'registry/credit-requirements/:requirementId',
    page: registryPage('RegistryRequirementPage'),
    crumb: requirementCrumb,
  },
  { path: 'registry/reserve', page: registryPage('ReservePage'), crumb: { label: 'Credit reserve' } },
  {
    path: 'registry/reserve/:id',
    page: registryPage('ReservedCreditPage'),
    crumb: { label: 'Reserved credit' },
  },
];

/** The pages of each area; a user gets their best area's page for a path shared by several areas. */
export const AREA_ROUTES: AreaRouteTrees = {
  sysAdmin: [{ path: 'system', page: SystemPage, crumb: { label: 'System' } }],
  admin: [
    { path: '', page: AdminHomePage, crumb: home },
    { path: 'markets', page: roundsPage('MarketsPage'), crumb: { label: 'Markets' } },
    { path: 'projects', page: projectListPage('ProjectsPage'), crumb: projectsCrumb },
    {
      path: 'projects/:id',
      page: projectPage('ProjectPage'),
      crumb: projectCrumb,
      prefetch: prefetchProjectRecord,
    },
    { path: 'project-group/:id', page: projectGroupPage('ProjectGroupPage'), crumb: projectGroupCrumb },
    {
      path: 'markets/:marketId',
      page: roundsPage('MarketPage'),
      crumb: { label: 'Market', entity: 'market' },
    },
    { path: 'markets/:marketId/round/:roundId', page: roundsPage('OperatorRoundPage'), crumb: roundCrumb },
    {
      path: 'markets/:marketId/round/:roundId/review',
      page: matchPage('ReviewPage'),
      crumb: { label: 'Review of matches' },
    },
    {
      path: 'markets/:marketId/round/:roundId/participation/:participationId',
      page: roundsPage('ParticipationPage'),
      crumb: participationCrumb,
    },
    {
      path: 'participants/:organisationId/participation/:participationId',
      page: roundsPage('ParticipationPage'),
      crumb: { label: 'Participation', entity: 'round' },
    },
    {
      path: 'credit-requirements',
      page: requirementsPage('OperatorRequirementsPage'),
      crumb: requirementsCrumb,
    },
    {
      path: 'credit-requirements/:requirementId',
      page: requirementsPage('OperatorRequirementPage'),
      crumb: requirementCrumb,
    },
    {
      path: 'requirement-group/:groupId',
      page: requirementsPage('RequirementGroupPage'),
      crumb: requirementGroupCrumb,
    },
    { path: 'settings', page: SettingsPage, crumb: { label: 'Settings' } },
    { path: 'settings/refdata', page: RefDataTypesPage, crumb: { label: 'Reference data' } },
    {
      path: 'settings/refdata/:type',
      page: RefDataListPage,
      crumb: { label: 'Type', entity: 'refDataType' },
    },
    {
      path: 'settings/refdata/:type/:id',
      page: RefDataItemPage,
      crumb: { label: 'Item', entity: 'refDataItem' },
    },
    {
      path: 'participants',
      page: adminOrganisationPage('ParticipantsPage'),
      crumb: { label: 'Participants' },
    },
    {
      path: 'participants/:organisationId',
      page: adminOrganisationPage('ParticipantPage'),
      crumb: { label: 'Participant', entity: 'organisation' },
    },
    { path: 'agencies', page: adminOrganisationPage('AgenciesPage'), crumb: { label: 'Agencies' } },
    {
      path: 'agencies/:organisationId',
      page: adminOrganisationPage('AgencyPage'),
      crumb: { label: 'Agency', entity: 'organisation' },
    },
    { path: 'lpas', page: adminOrganisationPage('LpasPage'), crumb: { label: 'LPAs' } },
    {
      path: 'lpas/:organisationId',
      page: adminOrganisationPage('LpaPage'),
      crumb: { label: 'LPA', entity: 'organisation' },
    },
    { path: 'operators', page: adminOrganisationPage('OperatorsPage'), crumb: { label: 'Market operators' } },
    {
      path: 'operators/:organisationId',
      page: adminOrganisationPage('OperatorPage'),
      crumb: { label: 'Market operator', entity: 'organisation' },
    },
    ...registryRoutes,
    ...searchRoutes,
  ],
  lpa: [
    { path: '', page: LpaHomePage, crumb: home },
    { path: 'projects', page: projectListPage('LpaProjectsPage'), crumb: projectsCrumb },
    {
      path: 'projects/:id',
      page: projectPage('LpaProjectPage'),
      crumb: projectCrumb,
      prefetch: prefetchProjectRecord,
    },
    { path: 'credit-requirements', page: requirementsPage('LpaRequirementsPage'), crumb: requirementsCrumb },
    {
      path: 'credit-requirements/:requirementId',
      page: requirementsPage('LpaRequirementPage'),
      crumb: requirementCrumb,
    },
    ...areaCreditRoutes,
    ...searchRoutes,
  ],
  participant: [
    { path: '', page: ParticipantHomePage, crumb: home },
    {
      path: 'markets/:marketId/round/:roundId',
      page: roundsPage('ParticipantRoundPage'),
      crumb: roundCrumb,
    },
    ...participantProjectRoutes,
    ...participantRequirementRoutes,
    ...areaCreditRoutes,
  ],
  agent: [
    { path: '', page: agentPage('AgentHomePage'), crumb: home },
    {
      path: 'markets/:marketId/round/:roundId',
      page: roundsPage('ParticipantRoundPage'),
      crumb: roundCrumb,
    },
    ...participantRequirementRoutes,
    {
      path: 'agencies/:organisationId',
      page: agentPage('AgentOrganisationPage'),
      crumb: { label: 'Agency', entity: 'organisation' },
    },
    {
      path: 'participants/:organisationId',
      page: agentPage('AgentClientPage'),
      crumb: { label: 'Client', entity: 'organisation' },
    },
    ...participantProjectRoutes,
    ...areaCreditRoutes,
  ],
  signedIn: [
    { path: '', page: HomePage, crumb: home },
    { path: 'profile', page: ProfilePage, crumb: { label: 'Profile' } },
  ],
};
