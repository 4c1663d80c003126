/** The pages of projects and project groups, loaded as one chunk. */

export { ParticipantProjectGroupPage, ProjectGroupPage } from './ProjectGroupPage.tsx';
export { LpaProjectPage, ParticipantProjectPage, ProjectPage } from './ProjectPage.tsx';
export { LpaProjectsPage, ProjectsPage } from './ProjectsPage.tsx';
