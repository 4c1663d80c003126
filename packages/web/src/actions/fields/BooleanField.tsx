import type { BooleanField as BooleanFieldDefinition } from '@curlew/domain';
import { Switch } from '@mantine/core';
import { checkedInputProps, type FieldControlProps } from './fieldProps.ts';

/** An on/off switch carrying its own label. */
export function BooleanField(props: FieldControlProps<BooleanFieldDefinition>) {
  return <Switch {...checkedInputProps(props)} />;
}
