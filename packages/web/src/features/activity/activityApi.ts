import type { ActivityItemView, FeedPage, SubjectRef } from '@curlew/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** Cache key of a subject's activity (every page); invalidate it after an action ran on the subject. */
export const activityQueryKey = ({ subjectType, subjectId }: SubjectRef) =>
  ['activity', subjectType, subjectId] as const;

/** The query naming a subject's activity. */
export const subjectQuery = ({ subjectType, subjectId }: SubjectRef): string =>
  `subjectType=${encodeURIComponent(subjectType)}&subjectId=${encodeURIComponent(subjectId)}`;

/** One page of a subject's activity, newest first (`GET /api/activity`). */
export function useActivity(subject: SubjectRef, page: number, pageSize: number) {
  const api = useApi();
  const query = subjectQuery(subject);
  return useQuery({
    queryKey: [...activityQueryKey(subject), page, pageSize],
    queryFn: ({ signal }) =>
      api.get<FeedPage<ActivityItemView>>(`/activity?${query}&page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
