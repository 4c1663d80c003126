/** The registry's pages, loaded as one chunk (the public page loads on its own). */

export { AreaCreditsPage, RegistryCreditsPage } from './CreditsPage.tsx';
export { AreaCreditPage, RegistryCreditPage } from './CreditTracePage.tsx';
export { RegistryProjectsPage, RegistryRequirementsPage } from './RegistryListsPage.tsx';
export { RegistryProjectPage, RegistryRequirementPage } from './RegistryRecordPages.tsx';
export { ReservedCreditPage, ReservePage } from './ReservePages.tsx';
