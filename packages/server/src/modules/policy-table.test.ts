import {
  type AgentPermission,
  CREDIT_REQUIREMENT_STATUSES,
  type EntityAction,
  MARKET_ROUND_STATUSES,
  PROJECT_STATUSES,
  REGISTRATION_STATUSES,
} from '@curlew/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../test/app.ts';
import {
  buildProject,
  buildProjectGroup,
  buildRequirement,
  buildRequirementGroup,
} from '../../test/factories.records.ts';
import { buildAgentAuthority, buildWorld, type World } from '../../test/world.ts';
import { findUserById } from '../auth/users.repo.ts';
import type { Actor } from '../platform/actions/types.ts';
import { agentAuthorityActions } from './agent-authorities/agent-authorities.actions.ts';
import { agentAuthorityKind } from './agent-authorities/agent-authorities.kind.ts';
import { marketActions } from './markets/markets.actions.ts';
import { marketKind } from './markets/markets.kind.ts';
import { organisationActions } from './organisations/organisations.actions.ts';
import { userActions } from './organisations/users.actions.ts';
import { participationActions } from './participations/participations.actions.ts';
import { participationKind } from './participations/participations.kind.ts';
import { participations } from './participations/participations.tables.ts';
import { projectGroupActions } from './project-groups/project-groups.actions.ts';
import { projectGroupKind } from './project-groups/project-groups.kind.ts';
import { projectActions } from './projects/projects.actions.ts';
import { projectKind } from './projects/projects.kind.ts';
import { requirementGroupActions } from './requirement-groups/requirement-groups.actions.ts';
import { requirementGroupKind } from './requirement-groups/requirement-groups.kind.ts';
import { requirementActions } from './requirements/requirements.actions.ts';
import { requirementKind } from './requirements/requirements.kind.ts';
import { roundActions } from './rounds/rounds.actions.ts';
import { roundKind } from './rounds/rounds.kind.ts';

const cell = (action: EntityAction | undefined): string =>
  action === undefined ? '-' : action.enabled ? 'yes' : `no: ${action.reason ?? ''}`;

/** A markdown table: one row per case, one column per action, columns padded as the formatter lays them out. */
const table = (
  title: string,
  actionIds: readonly string[],
  rows: { label: string; actions: EntityAction[] }[],
) => {
  const cells = [
    ['case', ...actionIds],
    ...rows.map((row) => [
      row.label,
      ...actionIds.map((id) => cell(row.actions.find((action) => action.id === id))),
    ]),
  ];
  const widths =
    cells[0]?.map((_, column) => Math.max(3, ...cells.map((line) => (line[column] ?? '').length))) ?? [];
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [header, ...body] = cells;
  return [
    `## ${title}`,
    '',
    line(header ?? []),
    line(widths.map((width) => '-'.repeat(width))),
    ...body.map(line),
    '',
  ].join('\n');
};

type Who = 'operator' | 'participant' | 'agent';
/** A relation, who holds it and an agent's permissions. */
type Case = readonly [relation: string, who: Who, permissions: readonly AgentPermission[]];
/** The supplier's or owner's side: the operator, a member, an agent with each permission. */
const SIDES: readonly Case[] = [
  ['operator', 'operator', []],
  ['member', 'participant', []],
  ['agent', 'agent', ['RegisterForRound']],
  ['agent', 'agent', ['MakeOffersOrBids']],
];
/** A local planning authority reading a record in its area. */
const LPA: Case = ['lpa', 'participant', []];
/** What the table needs of an entity's actions. */
interface EntityActionsOf {
  definitions: readonly { id: string }[];
  actionsFor(deps: FastifyInstance['deps'], subject: never): Promise<EntityAction[]>;
}

/**
 * The policy table, generated from the policies, lifecycles and guards: for each entity, every relation and status
 * (or organisation type) -> each action offered (yes) or refused with its reason, or not offered (-). The file it
 * writes is the table ARCHITECTURE.md points to; a change of who may do what shows up as a change of this file.
 */
describeWithApp('policy table', (t) => {
  let world: World;
  const actors: Partial<Record<'operator' | 'participant' | 'agent', Actor>> = {};
  const actor = (name: 'operator' | 'participant' | 'agent'): Actor => {
    const found = actors[name];
    if (!found) throw new Error(`No ${name}`);
    return found;
  };

  /**
   * One entity's section: a row per case (and per status, when given, the record put in it) with the actions the
   * case is offered; an agent's label names its permissions.
   */
  const section = async <Record extends object>(
    title: string,
    entity: EntityActionsOf,
    record: Record,
    cases: readonly Case[],
    statuses?: readonly string[],
  ) => {
    const rows = [];
    for (const status of statuses ?? [undefined]) {
      for (const [relation, who, permissions] of cases) {
        const subject = {
          actor: actor(who),
          record: status === undefined ? record : { ...record, status },
          relation,
          permissions: [...permissions],
        };
        rows.push({
          label: `${relation}${relation === 'agent' ? ` with ${permissions.join(', ')}` : ''}${status === undefined ? '' : `, ${status}`}`,
          actions: await entity.actionsFor(t.app.deps, subject as never),
        });
      }
    }
    return table(
      title,
      entity.definitions.map((d) => d.id),
      rows,
    );
  };

  beforeAll(async () => {
    world = await buildWorld(t.app, t.db);
    for (const [name, member] of [
      ['operator', world.members.admin],
      ['participant', world.members.participant],
      ['agent', world.members.agent],
    ] as const) {
      const found = await findUserById(t.db, member.user.id);
      if (!found) throw new Error(`No ${name}`);
      actors[name] = found;
    }
  });

  it('matches the generated policy table', async () => {
    const deps = t.app.deps;
    const sections: string[] = ['# Who may do what (generated by policy-table.test.ts)', ''];

    const organisation = world.members.participant.organisation;
    const organisationRows = [];
    for (const type of ['OPER', 'LPA', 'PARTICIPANT', 'AGENT'] as const) {
      for (const [relation, who] of [
        ['operator', 'operator'],
        ['member', 'participant'],
        ['agent', 'agent'],
      ] as const) {
        if (relation === 'agent' && type !== 'PARTICIPANT') continue;
        const subject = { actor: actor(who), record: { ...organisation, type }, relation, permissions: [] };
        organisationRows.push({
          label: `${relation}, ${type}`,
          actions: await organisationActions.actionsFor(deps, subject),
        });
      }
    }
    sections.push(
      table(
        'organisation',
        organisationActions.definitions.map((d) => d.id),
        organisationRows,
      ),
    );

    const userRows = [];
    const colleague = world.members.participant.user;
    for (const disabled of [false, true]) {
      for (const [relation, who] of [
        ['self', 'participant'],
        ['colleague', 'participant'],
        ['operator', 'operator'],
      ] as const) {
        const subject = { actor: actor(who), record: { ...colleague, disabled }, relation, permissions: [] };
        userRows.push({
          label: `${relation}, ${disabled ? 'Disabled' : 'Active'}`,
          actions: await userActions.actionsFor(deps, subject),
        });
      }
    }
    sections.push(
      table(
        'user',
        userActions.definitions.map((d) => d.id),
        userRows,
      ),
    );

    const id = await buildAgentAuthority(t.db, {
      roundId: world.openRound.id,
      clientId: world.members.participant.organisation.id,
      agentId: world.members.agent.organisation.id,
    });
    const authority = await agentAuthorityKind.load(t.db, id);
    if (!authority) throw new Error('No authority');
    const authorityRows = [];
    for (const [approved, clientConfirmation] of [
      [null, 'Pending'],
      [null, 'NotAsked'],
      [null, 'Confirmed'],
      [true, 'Confirmed'],
      [false, 'NotAsked'],
      [false, 'Declined'],
    ] as const) {
      for (const [relation, who] of [
        ['operator', 'operator'],
        ['client', 'participant'],
        ['agent', 'agent'],
      ] as const) {
        const record = { ...authority, authority: { ...authority.authority, approved, clientConfirmation } };
        const subject = { actor: actor(who), record, relation, permissions: [] };
        authorityRows.push({
          label: `${relation}, ${agentAuthorityKind.lifecycle?.statusOf(record)}, client ${clientConfirmation}`,
          actions: await agentAuthorityActions.actionsFor(deps, subject),
        });
      }
    }
    sections.push(
      table(
        'agent-authority',
        agentAuthorityActions.definitions.map((d) => d.id),
        authorityRows,
      ),
    );

    const market = await marketKind.load(
      t.db,
      (await roundKind.load(t.db, world.openRound.id))?.marketId ?? '',
    );
    if (!market) throw new Error('No market');
    const marketRows = [];
    for (const [relation, who] of [
      ['operator', 'operator'],
      ['viewer', 'participant'],
      ['viewer', 'agent'],
    ] as const) {
      marketRows.push({
        label: `${relation} (${who})`,
        actions: await marketActions.actionsFor(deps, {
          actor: actor(who),
          record: market,
          relation,
          permissions: [],
        }),
      });
    }
    sections.push(
      table(
        'market',
        marketActions.definitions.map((d) => d.id),
        marketRows,
      ),
    );

    const round = await roundKind.load(t.db, world.openRound.id);
    if (!round) throw new Error('No round');
    const roundRows = [];
    for (const status of MARKET_ROUND_STATUSES) {
      for (const [relation, who] of [
        ['operator', 'operator'],
        ['participant', 'participant'],
        ['agent', 'agent'],
      ] as const) {
        if (relation !== 'operator' && status === 'Draft') continue;
        const subject = { actor: actor(who), record: { ...round, status }, relation, permissions: [] };
        roundRows.push({
          label: `${relation}, ${status}`,
          actions: await roundActions.actionsFor(deps, subject),
        });
      }
    }
    sections.push(
      table(
        'round',
        roundActions.definitions.map((d) => d.id),
        roundRows,
      ),
    );

    const [inserted] = await t.db
      .insert(participations)
      .values({
        marketRoundId: world.openRound.id,
        organisationId: world.members.participant.organisation.id,
        capacity: 'Supplier',
        status: 'Interested',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: participations.id });
    const participation = await participationKind.load(t.db, inserted?.id ?? '');
    if (!participation) throw new Error('No participation');
    sections.push(
      await section('participation', participationActions, participation, SIDES, REGISTRATION_STATUSES),
    );

    const project = await projectKind.load(
      t.db,
      (await buildProject(t.db, { roundId: world.openRound.id, supplierId: organisation.id })).id,
    );
    if (!project) throw new Error('No project');
    sections.push(
      await section(
        'project (round Open, no agreements uploaded)',
        projectActions,
        project,
        [...SIDES, LPA],
        PROJECT_STATUSES,
      ),
    );
    const projectGroup = await projectGroupKind.load(
      t.db,
      (await buildProjectGroup(t.db, { roundId: world.openRound.id, supplierId: organisation.id })).id,
    );
    if (!projectGroup) throw new Error('No project group');
    sections.push(await section('project-group', projectGroupActions, projectGroup, SIDES));

    const requirement = await requirementKind.load(
      t.db,
      await buildRequirement(t.db, { roundId: world.openRound.id, buyerId: organisation.id }),
    );
    if (!requirement) throw new Error('No requirement');
    sections.push(
      await section(
        "requirement (a buyer's, in a round open for registration)",
        requirementActions,
        requirement,
        [...SIDES, LPA],
        CREDIT_REQUIREMENT_STATUSES,
      ),
    );
    const requirementGroup = await requirementGroupKind.load(
      t.db,
      await buildRequirementGroup(t.db, { buyerId: organisation.id, roundId: world.openRound.id }),
    );
    if (!requirementGroup) throw new Error('No requirement group');
    sections.push(await section('requirement-group', requirementGroupActions, requirementGroup, SIDES));

    await expect(sections.join('\n')).toMatchFileSnapshot('./policy-table.md');
  });
});
