import { AUTHORITY_TO_ACT_EXTENSIONS, type replaceDocumentAction } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { validationError } from '../../platform/errors.ts';
import { documentTagOptions, replaceDocument } from '../files/files.repo.ts';
import { fileStorageFor } from '../files/storage.ts';
import { AUTHORITY_TO_ACT_TAG } from '../organisations/organisations.clients.ts';
import type { AgentAuthorityRecord, AgentAuthorityRelation } from './agent-authorities.kind.ts';
import { agentAuthorities } from './agent-authorities.tables.ts';

const owner = (record: AgentAuthorityRecord) => ({
  ownerType: 'agent-authority',
  ownerId: record.authority.id,
});

/** ReplaceDocument on an authority: a new version of one of its documents; the signed authority stays a pdf. */
export const replaceAuthorityDocumentHandler: RecordActionHandler<
  typeof replaceDocumentAction,
  AgentAuthorityRecord,
  AgentAuthorityRelation
> = {
  async load({ db, record }) {
    return { options: { tag: await documentTagOptions(db, owner(record)) } };
  },
  async handle({ deps, tx, record, actor, values, files, now, describe }) {
    const file = files.find((candidate) => candidate.fieldId === 'file');
    if (!file) throw validationError('file', 'Field required');
    const { replaced, replacement } = await replaceDocument(tx, fileStorageFor(deps.config), {
      ...owner(record),
      tag: values.tag,
      file,
      userId: actor.id,
      reason: values.reason,
      fieldPath: 'file',
      uploadedAt: now,
      ...(values.tag === AUTHORITY_TO_ACT_TAG ? { accept: AUTHORITY_TO_ACT_EXTENSIONS } : {}),
    });
    if (values.tag === AUTHORITY_TO_ACT_TAG) {
      await tx
        .update(agentAuthorities)
        .set({ authorityToActFileId: replacement.id, updatedAt: now })
        .where(eq(agentAuthorities.id, record.authority.id));
    }
    describe({
      tag: values.tag,
      replacedId: replaced.id,
      replacementId: replacement.id,
      reason: values.reason,
    });
    return { message: `${replacement.filename} replaces ${replaced.filename}` };
  },
};
