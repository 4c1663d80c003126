import type { FileView, OwnerRef } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** Cache key of an owner's files; invalidate it after a document is uploaded or replaced. */
export const filesQueryKey = ({ ownerType, ownerId }: OwnerRef) => ['files', ownerType, ownerId] as const;

/** The owner's current files, newest first (`GET /api/files`); with `history` replaced versions too. */
export function useOwnerFiles(owner: OwnerRef, history = false) {
  const api = useApi();
  const query = `ownerType=${encodeURIComponent(owner.ownerType)}&ownerId=${encodeURIComponent(owner.ownerId)}`;
  return useQuery({
    queryKey: [...filesQueryKey(owner), history],
    queryFn: ({ signal }) =>
      api.get<{
        items: FileView[];
      }>(`/files?${query}${history ? '&history=true' : ''}`, { signal }),
  });
}
