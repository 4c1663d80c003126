import { PROJECT_ACTIONS, PROJECT_CREATE_ACTIONS } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { defineEntityActions } from '../../platform/actions/runner.ts';
import type { CreateHandlers } from '../../platform/actions/types.ts';
import { validationError } from '../../platform/errors.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { supplierRoundChoice } from '../rounds/rounds.choice.ts';
import { projectHandlers } from './projects.handlers.ts';
import { storeProjectFile } from './projects.handling.ts';
import { projectKind } from './projects.kind.ts';
import { projectCreatePolicies, projectGuards, projectPolicies } from './projects.policy.ts';
import {
  projectDeclarationsAsked,
  roundToRegisterProject,
  supplierForProject,
} from './projects.registration.ts';
import { projects } from './projects.tables.ts';

/**
 * CreateProject (Add project): a Draft project of a participant supplier, optionally for a round in which it is a
 * Registered Supplier (that round open, its projects window open and its project declarations answered).
 */
const projectCreateHandlers = {
  CreateProject: {
    async load({ db, actor }) {
      const rounds = await supplierRoundChoice(db, actor);
      const own = actor.organisationId;
      return {
        options: { marketRoundId: rounds.options },
        declarations: await projectDeclarationsAsked(db, actor, rounds),
        warnings: rounds.warnings,
        ...(actor.organisation?.type === 'PARTICIPANT' && own !== null
          ? { initialValues: { supplierId: own } }
          : actor.organisation?.type === 'AGENT' && own !== null
            ? { initialValues: { agentId: own } }
            : {}),
      };
    },
    async handle(context) {
      const { tx, actor, values, now } = context;
      const supplier = await supplierForProject(tx, actor, values.supplierId);
      let agentId: string | null = actor.organisation?.type === 'AGENT' ? actor.organisationId : null;
      if (agentId === null && values.agentId !== undefined) {
        const [agent] = await tx
          .select({ id: organisations.id, type: organisations.type })
          .from(organisations)
          .where(eq(organisations.id, values.agentId));
        if (agent?.type !== 'AGENT') throw validationError('agentId', 'Not a valid option');
        agentId = agent.id;
      }
      const round =
        values.marketRoundId === undefined
          ? undefined
          : await roundToRegisterProject(tx, {
              roundId: values.marketRoundId,
              supplier,
              actor,
              now,
              declarations: values.declarations,
            });
      const [row] = await tx
        .insert(projects)
        .values({
          name: values.name,
          supplierId: supplier.id,
          agentId,
          marketRoundId: round?.id ?? null,
          marketId: round?.marketId ?? null,
          isFixedTerm: values.isFixedTerm,
          mitigationDurations: values.isFixedTerm ? (values.mitigationDurations ?? []) : [],
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: projects.id });
      if (!row) throw new Error('project insert returned no row');
      await storeProjectFile(context, row.id, 'landholderInfo');
      return {
        id: row.id,
        result: { message: `${values.name} added`, context: { id: row.id, self: `/project/${row.id}` } },
      };
    },
  },
} satisfies CreateHandlers<typeof PROJECT_CREATE_ACTIONS>;

/** Project actions on `/project/{id}` and `POST /api/projects`. */
export const projectActions = defineEntityActions({
  kind: projectKind,
  definitions: PROJECT_ACTIONS,
  policies: projectPolicies,
  guards: projectGuards,
  handlers: projectHandlers,
  create: {
    definitions: PROJECT_CREATE_ACTIONS,
    policies: projectCreatePolicies,
    handlers: projectCreateHandlers,
  },
});
