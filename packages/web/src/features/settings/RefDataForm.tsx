import {
  type AnyActionDefinition,
  buildActionFormData,
  type FieldOption,
  type FormValues,
} from '@curlew/domain';
import { useMemo } from 'react';
import { ActionForm } from '../../actions/ActionForm.tsx';

/** Props of a reference-data form. */
export interface RefDataFormProps {
  /** The form's fields and the domain schema that validates them (see `refdataForms.ts`). */
  definition: AnyActionDefinition;
  /** Values of the stored item when editing; a new item starts from the fields' defaults. */
  initialValues?: FormValues;
  /** Choices computed by the page, by field id (a subcatchment's LPAs). */
  options?: Readonly<Record<string, readonly FieldOption[]>>;
  submitLabel: string;
  /** The page the form is on, for its address. */
  self: string;
  /** Saves the values; a rejected ApiError shows its message on top and its field errors on the fields. */
  onSubmit: (values: FormValues) => Promise<void>;
  onCancel?: () => void;
}

/** A reference-data create or edit form: the generic action form over the kind's field definitions. */
export function RefDataForm({
  definition,
  initialValues,
  options,
  submitLabel,
  self,
  onSubmit,
  onCancel,
}: RefDataFormProps) {
  const formData = useMemo(
    () =>
      buildActionFormData(
        { ...definition, actionLabel: submitLabel },
        {
          ...(initialValues === undefined ? {} : { initialValues }),
          ...(options === undefined ? {} : { options }),
        },
      ),
    [definition, submitLabel, initialValues, options],
  );
  return (
    <ActionForm
      formData={formData}
      definition={definition}
      self={self}
      submit={async (values) => {
        await onSubmit(values);
        return {};
      }}
      onSucceeded={() => undefined}
      failureTitle="Not saved"
      {...(onCancel === undefined ? {} : { onCancel })}
    />
  );
}
