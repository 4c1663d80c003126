import { type CommentView, DISPLAY_TIME_ZONE, formatDateTime, type SubjectRef } from '@curlew/domain';
import { Alert, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useComments } from './commentsApi.ts';
import { RichTextView } from './RichTextView.tsx';

/** One comment: who wrote it, when, and its rich text. */
function CommentItem({ comment }: { comment: CommentView }) {
  return (
    <Paper component="article" withBorder p="sm" aria-label={`Comment by ${comment.author.displayName}`}>
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          {comment.author.displayName}
          {comment.author.organisationName !== null && (
            <Text span size="sm" c="dimmed" fw={400}>
              {` · ${comment.author.organisationName}`}
            </Text>
          )}
        </Text>
        <Text size="sm" c="dimmed" component="time" dateTime={comment.createdAt}>
          {formatDateTime(comment.createdAt, { timeZone: DISPLAY_TIME_ZONE })}
        </Text>
      </Group>
      <RichTextView json={comment.json} />
    </Paper>
  );
}

/** Props of the comment list. */
export interface CommentListProps {
  subject: SubjectRef;
  pageSize?: number;
}

/** A subject's comments, newest first and paged, with loading, empty and error states. */
export function CommentList({ subject, pageSize = 10 }: CommentListProps) {
  const [page, setPage] = useState(1);
  const comments = useComments(subject, page, pageSize);
  if (comments.isPending) return <Loader size="sm" role="status" aria-label="Loading comments" />;
  if (comments.isError) {
    return (
      <Alert color="red" title="The comments could not be loaded">
        {comments.error.message}
      </Alert>
    );
  }
  const { items, total } = comments.data;
  if (total === 0) return <Text c="dimmed">No comments yet</Text>;
  const pages = Math.ceil(total / pageSize);
  return (
    <Stack gap="sm">
      {items.map((comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Stack>
  );
}
