import type { CommentPage, MentionCandidate, SubjectRef } from '@curlew/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../actions/ActionsConfig.tsx';

/** The query string of a subject reference. */
const subjectParams = ({ subjectType, subjectId }: SubjectRef): string =>
  `subjectType=${encodeURIComponent(subjectType)}&subjectId=${encodeURIComponent(subjectId)}`;

/** Cache key of a subject's comments (every page); invalidate it after a comment is added. */
export const commentsQueryKey = ({ subjectType, subjectId }: SubjectRef) =>
  ['comments', subjectType, subjectId] as const;

/** One page of a subject's comments, newest first (`GET /api/comments`). */
export function useComments(subject: SubjectRef, page: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...commentsQueryKey(subject), page, pageSize],
    queryFn: ({ signal }) =>
      api.get<CommentPage>(`/comments?${subjectParams(subject)}&page=${page}&pageSize=${pageSize}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Users who may be mentioned on the subject, matching what was typed after '@'; idle while `query` is null. */
export function useMentionCandidates(subject: SubjectRef, query: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['comments', 'mentionable', subject.subjectType, subject.subjectId, query ?? ''],
    queryFn: ({ signal }) =>
      api.get<MentionCandidate[]>(
        `/comments/mentionable?${subjectParams(subject)}&q=${encodeURIComponent(query ?? '')}`,
        { signal },
      ),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
