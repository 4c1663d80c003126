import { isRefDataType, REFDATA_TYPE_LABELS, type RefDataType } from '@curlew/domain';
import { useParams } from 'react-router-dom';

/** The kind of reference data named in the address, or undefined when the address names none. */
export function useRefDataTypeParam(): RefDataType | undefined {
  const { type } = useParams();
  return isRefDataType(type) ? type : undefined;
}

/** Address of a kind's list. */
export const refDataListPath = (type: RefDataType): string => `/settings/refdata/${type}`;
/** Address of one item (`new` for the create form). */
export const refDataItemPath = (type: RefDataType, id: string): string => `/settings/refdata/${type}/${id}`;

/** The list title of a kind. */
export const pluralLabel = (type: RefDataType): string => REFDATA_TYPE_LABELS[type].plural;
