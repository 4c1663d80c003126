import type { CheckboxField as CheckboxFieldDefinition } from '@curlew/domain';
import { Checkbox } from '@mantine/core';
import { checkedInputProps, type FieldControlProps } from './fieldProps.ts';

/** A single tick box carrying its own label (agreements, confirmations). */
export function CheckboxField(props: FieldControlProps<CheckboxFieldDefinition>) {
  return <Checkbox {...checkedInputProps(props)} />;
}
