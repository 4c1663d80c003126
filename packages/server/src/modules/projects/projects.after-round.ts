import type { PROJECT_ACTIONS } from '@curlew/domain';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import { balanceFailedProject } from '../settlement/settlement.balance.ts';
import { outcome, storeProjectFile, withOutcome } from './projects.handling.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import { updateProject } from './projects.repo.ts';

/** The handlers after the round: agreements, contract, verification and monitoring checks. */
export const projectAfterRoundHandlers = {
  UploadNatureBasedAgreement: {
    async handle(context) {
      await storeProjectFile(context, context.record.id, 'NatureBasedAgreement');
      return { message: 'Nature-based agreement uploaded' };
    },
  },
  UploadSection106Agreement: {
    async handle(context) {
      await storeProjectFile(context, context.record.id, 'Section106Agreement');
      return { message: 'Section 106 agreement uploaded' };
    },
  },
  Contract: {
    async handle({ record }) {
      return { message: `${record.name} contracted` };
    },
  },
  Verify: {
    async handle(context) {
      const { tx, record, actor, values, now, describe } = context;
      await storeProjectFile(context, record.id, 'VerificationReport');
      describe({
        checkedBy: values.name,
        organisation: values.organisation,
        ...(values.notes ? { notes: values.notes } : {}),
      });
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome(
            'verification',
            {
              outcome: values.isPass ? 'Pass' : 'Fail',
              date: values.date,
              comment: values.isPass ? null : values.failReason,
            },
            actor,
          ),
        ),
        now,
      );
      return { message: values.isPass ? 'Verification passed' : 'Verification failed' };
    },
  },
  RecordComplianceCheck: {
    async handle(context) {
      const { tx, record, actor, values, now, describe, deps } = context;
      await storeProjectFile(context, record.id, 'ComplianceReport');
      const action = values.nextAction?.action;
      const by = values.nextAction?.date;
      const nextAction =
        values.isCompliant || action === undefined || by === undefined ? null : { action, date: by };
      describe({
        checkedBy: values.name,
        organisation: values.organisation,
        isCompliant: values.isCompliant,
        ...(nextAction === null ? {} : { nextAction }),
      });
      await updateProject(
        tx,
        record.id,
        withOutcome(record, {
          ...outcome(
            'compliance',
            {
              outcome: values.isCompliant ? 'Pass' : 'Fail',
              date: values.date,
              comment: values.isCompliant ? (values.notes ?? null) : values.failReason,
            },
            actor,
          ),
          ...(nextAction === null ? {} : { nextAction }),
        }),
        now,
      );
      if (nextAction?.action !== 'IrrevocableFailure')
        return { message: values.isCompliant ? 'Compliance check recorded' : 'Non-compliance recorded' };
      const balanced = await balanceFailedProject(tx, {
        projectId: record.id,
        now,
        actor,
        mailer: deps.mailer,
        publicUrl: deps.config.publicUrl,
      });
      describe({ balancing: { ...balanced } });
      return {
        message:
          balanced.failed === 0
            ? 'Irrevocable failure recorded: no undelivered credits to replace'
            : balanced.shortfall > 0
              ? `Irrevocable failure recorded: ${balanced.replaced.toFixed(2)} units replaced from the reserve, ${balanced.shortfall.toFixed(2)} units could not be replaced`
              : `Irrevocable failure recorded: ${balanced.replaced.toFixed(2)} units replaced from the reserve`,
      };
    },
  },
  RecordPerformanceCheck: {
    async handle(context) {
      const { tx, record, actor, values, now, describe } = context;
      await storeProjectFile(context, record.id, 'PerformanceReport');
      describe({ checkedBy: values.name, organisation: values.organisation });
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome('performance', { outcome: null, date: values.date, comment: values.notes }, actor),
        ),
        now,
      );
      return { message: 'Performance check recorded' };
    },
  },
} satisfies Partial<RecordHandlers<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>>;
