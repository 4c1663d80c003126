import { type BalancingShortfall, formatIsoDate, type RequirementCertificate } from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isRecordId } from '../../platform/actions/ids.ts';
import { isOperator } from '../../platform/actions/policy.ts';
import { runnerCall } from '../../platform/actions/routes.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import { notFoundInScope } from '../../platform/actions/status.ts';
import { AppError } from '../../platform/errors.ts';
import { sendFile } from '../../platform/send-file.ts';
import { listOwnerFiles } from '../files/files.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { allocatedAt, certificateData, certificateNumber } from './certificate.data.ts';
import { renderCertificate } from './certificate.pdf.ts';
import { balancingShortfalls } from './settlement.tables.ts';

/** Requirement statuses from which the certificate is available. */
export const CERTIFIED = ['RightsAllocated', 'CreditsIssued', 'CreditsRedeemed', 'Retired'];

/** The refusal of a certificate before the rights are allocated. */
export const CERTIFICATE_NOT_YET =
  'The credit allocation certificate is available once the rights are allocated';

/** A requirement the reader may read whose rights are allocated (404 out of scope, 409 before the allocation). */
async function certifiedRequirement(request: FastifyRequest) {
  const { actor, deps } = await runnerCall(request);
  const found = await requirementKind.loadFor(deps.db, actor, (request.params as { id: string }).id);
  if (found === undefined) throw notFoundInScope(requirementKind.noun);
  if (!CERTIFIED.includes(found.record.status)) throw new AppError('invalid_status', CERTIFICATE_NOT_YET);
  return { deps, record: found.record };
}

/**
 * `GET /api/requirement/:id/certificate.pdf`: the credit allocation certificate Curlew generates, and
 * `GET /api/requirement/:id/certificate`: its number, its day of issue and the signed copy that replaces it when one
 * was uploaded; for whoever reads the requirement (the operator, the owner, its agent, the LPA of the development;
 * 404 for anyone else), once rights are allocated (409 before).
 * `GET /api/round/:id/balancing`: the operator's list of what market balancing could not replace in the round.
 */
export async function registerSettlementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/requirement/:id/certificate', async (request) => {
    const { deps, record } = await certifiedRequirement(request);
    const issued = await allocatedAt(deps.db, record.id);
    const [signed] = await listOwnerFiles(
      deps.db,
      { ownerType: 'requirement', ownerId: record.id },
      { tag: 'CreditAllocationCertificate' },
    );
    const answer: RequirementCertificate = {
      number: certificateNumber(record.id),
      issuedOn: issued === null ? null : formatIsoDate(issued),
      signedCopy:
        signed === undefined
          ? null
          : { fileId: signed.id, name: signed.filename, uploadedAt: signed.uploadedAt },
    };
    return answer;
  });

  app.get<{ Params: { id: string } }>('/api/requirement/:id/certificate.pdf', async (request, reply) => {
    const { deps, record } = await certifiedRequirement(request);
    const pdf = await renderCertificate(await certificateData(deps.db, record));
    const name = record.name.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'certificate';
    return sendFile(reply, {
      filename: `Credit allocation certificate - ${name}.pdf`,
      contentType: 'application/pdf',
      body: pdf,
    });
  });

  app.get<{ Params: { id: string } }>(
    '/api/round/:id/balancing',
    async (
      request,
    ): Promise<{
      items: BalancingShortfall[];
    }> => {
      const { actor, deps } = await runnerCall(request);
      if (!isOperator(actor) || !isRecordId(request.params.id)) throw notFoundInScope('market round');
      const [round] = await deps.db
        .select({ id: marketRounds.id })
        .from(marketRounds)
        .where(eq(marketRounds.id, request.params.id));
      if (round === undefined) throw notFoundInScope('market round');
      const rows = await deps.db
        .select({
          project: { id: projects.id, name: projects.name },
          requirement: { id: creditRequirements.id, name: creditRequirements.name },
          creditType: balancingShortfalls.creditType,
          year: balancingShortfalls.year,
          units: balancingShortfalls.units,
          createdAt: balancingShortfalls.createdAt,
        })
        .from(balancingShortfalls)
        .innerJoin(projects, eq(projects.id, balancingShortfalls.projectId))
        .innerJoin(creditRequirements, eq(creditRequirements.id, balancingShortfalls.requirementId))
        .where(and(eq(balancingShortfalls.marketRoundId, round.id)))
        .orderBy(
          asc(balancingShortfalls.createdAt),
          asc(creditRequirements.name),
          asc(balancingShortfalls.year),
        );
      return {
        items: rows.map((row) => ({
          project: { ...row.project, self: selfLink('project', row.project.id) },
          requirement: { ...row.requirement, self: selfLink('requirement', row.requirement.id) },
          creditType: row.creditType,
          year: row.year,
          units: row.units,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
