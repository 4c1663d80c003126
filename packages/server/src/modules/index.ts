import type { AppModule } from '../platform/module.ts';
import { activityModule } from './activity/activity.module.ts';
import { agentAuthoritiesModule } from './agent-authorities/agent-authorities.module.ts';
import { commentsModule } from './comments/comments.module.ts';
import { datasetsModule } from './datasets/datasets.module.ts';
import { filesModule } from './files/files.module.ts';
import { homeModule } from './home/home.module.ts';
import { mapModule } from './map/map.module.ts';
import { marketsModule } from './markets/markets.module.ts';
import { matchModule } from './match/match.module.ts';
import { opportunityModule } from './opportunity/opportunity.module.ts';
import { organisationsModule } from './organisations/organisations.module.ts';
import { participationsModule } from './participations/participations.module.ts';
import { projectGroupsModule } from './project-groups/project-groups.module.ts';
import { projectsModule } from './projects/projects.module.ts';
import { refdataModule } from './refdata/refdata.module.ts';
import { registryModule } from './registry/registry.module.ts';
import { requirementGroupsModule } from './requirement-groups/requirement-groups.module.ts';
import { requirementsModule } from './requirements/requirements.module.ts';
import { roundsModule } from './rounds/rounds.module.ts';
import { searchModule } from './search/search.module.ts';
import { settlementModule } from './settlement/settlement.module.ts';
import { systemModule } from './system/system.module.ts';

/** Every module of the application, once: the app serves these, and the registry tests check their actions. */
export const MODULES: readonly AppModule[] = [
  organisationsModule,
  agentAuthoritiesModule,
  marketsModule,
  roundsModule,
  participationsModule,
  projectsModule,
  projectGroupsModule,
  requirementsModule,
  requirementGroupsModule,
  commentsModule,
  activityModule,
  filesModule,
  refdataModule,
  matchModule,
  settlementModule,
  registryModule,
  opportunityModule,
  datasetsModule,
  homeModule,
  searchModule,
  mapModule,
  systemModule,
];
