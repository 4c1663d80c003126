import {
  DOCUMENT_UPLOAD_EXTENSIONS,
  type REQUIREMENT_ACTIONS,
  REQUIREMENT_FILE_FIELD_KINDS,
} from '@curlew/domain';
import type {
  GuardAnswer,
  HandlerContextBase,
  RecordGuards,
  RecordHandlers,
} from '../../platform/actions/types.ts';
import { saveUploadedFile } from '../files/files.repo.ts';
import { fileStorageFor } from '../files/storage.ts';
import { recordRequirementMove } from '../settlement/settlement.ledger.ts';
import { suppliersRefusal } from '../settlement/settlement.readiness.ts';
import type { RequirementRecord, RequirementRelation } from './requirements.kind.ts';

type FileContext = Pick<HandlerContextBase<unknown>, 'deps' | 'tx' | 'actor' | 'files' | 'now'>;

/** Stores the file of a field (when one came) as the requirement's document of that field's kind. */
export async function storeFieldFile(
  context: FileContext,
  requirementId: string,
  fieldId: keyof typeof REQUIREMENT_FILE_FIELD_KINDS,
  accept: readonly string[],
): Promise<void> {
  const file = context.files.find((candidate) => candidate.fieldId === fieldId);
  if (!file) return;
  await saveUploadedFile(context.tx, fileStorageFor(context.deps), {
    ownerType: 'requirement',
    ownerId: requirementId,
    tag: REQUIREMENT_FILE_FIELD_KINDS[fieldId],
    file,
    userId: context.actor.id,
    accept,
    fieldPath: fieldId,
    uploadedAt: context.now,
  });
}

const units = (value: number) => `${value.toFixed(2)} units`;

/**
 * After the round (MARKET.md section 2): rights are allocated once every project supplying the requirement (through
 * allocations not failed) is contracted, credits issued once every one is verified.
 */
export const requirementAfterRoundGuards = {
  AllocateRights: async ({ db, record }): Promise<GuardAnswer> => {
    const reason = await suppliersRefusal(db, record.id, 'Contracted');
    return reason === undefined ? { ok: true } : { ok: false, reason };
  },
  IssueCredits: async ({ db, record }): Promise<GuardAnswer> => {
    const reason = await suppliersRefusal(db, record.id, 'Verified');
    return reason === undefined ? { ok: true } : { ok: false, reason };
  },
} satisfies RecordGuards<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>;

/**
 * The handlers after the round: each stores its document and writes the move of the requirement's credits to the
 * registry's ledger (the runner moves the requirement and its credit lines).
 */
export const requirementAfterRoundHandlers = {
  AllocateRights: {
    async handle(context) {
      await storeFieldFile(context, context.record.id, 'certificate', DOCUMENT_UPLOAD_EXTENSIONS);
      const moved = await recordRequirementMove(context.tx, context.record.id, 'Allocated', context.now);
      context.describe({
        units: moved,
        signedCertificate: context.files.some((f) => f.fieldId === 'certificate'),
      });
      return { message: `Rights allocated: ${units(moved)}` };
    },
  },
  IssueCredits: {
    async handle({ tx, record, now, describe }) {
      const moved = await recordRequirementMove(tx, record.id, 'Issued', now);
      describe({ units: moved });
      return { message: `Credits issued: ${units(moved)}` };
    },
  },
  RedeemCredits: {
    async handle(context) {
      const { tx, record, now, describe } = context;
      await storeFieldFile(context, record.id, 'redeemNotice', DOCUMENT_UPLOAD_EXTENSIONS);
      const moved = await recordRequirementMove(tx, record.id, 'Redeemed', now);
      describe({ units: moved, ...(record.planningRef === null ? {} : { planningRef: record.planningRef }) });
      return {
        message:
          record.planningRef === null
            ? `Credits redeemed: ${units(moved)}`
            : `Credits redeemed against planning reference ${record.planningRef}: ${units(moved)}`,
      };
    },
  },
  Retire: {
    async handle({ tx, record, now, describe }) {
      const moved = await recordRequirementMove(tx, record.id, 'Retired', now);
      describe({ units: moved });
      return { message: `Credits retired: ${units(moved)}` };
    },
  },
  UploadCreditSupplyAgreement: {
    async handle(context) {
      await storeFieldFile(context, context.record.id, 'creditSupplyAgreement', DOCUMENT_UPLOAD_EXTENSIONS);
      return { message: 'Credit supply agreement uploaded' };
    },
  },
} satisfies Partial<RecordHandlers<typeof REQUIREMENT_ACTIONS, RequirementRecord, RequirementRelation>>;
