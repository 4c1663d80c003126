import { COMMENT_ACTION_ID, type EntityAction, type RichTextValue, type SubjectRef } from '@curlew/domain';
import { Alert, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useApi } from '../../actions/ActionsConfig.tsx';
import { postSubmission } from '../../actions/actionApi.ts';
import { ApiError } from '../../app/api.ts';
import { loadChunkWithReload } from '../../app/lazyPage.ts';
import { activityQueryKey } from '../activity/activityApi.ts';
import { CommentList } from './CommentList.tsx';
import { commentsQueryKey } from './commentsApi.ts';
import { useNearViewport } from './useNearViewport.ts';

// Lexical loads only when the comment editor comes near the screen, so a page's first load does not wait for it.
const CommentEditor = lazy(() => import('./CommentEditor.tsx'));

/** The editor's height (block menu and four rows), kept by its placeholder so nothing moves when it arrives. */
const EDITOR_HEIGHT = 150;

/** Stands where the editor will be while its code loads. */
function EditorPlaceholder() {
  return (
    <Box
      mih={EDITOR_HEIGHT}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      {/* Decorative: the editor itself is announced when it arrives. */}
      <Loader size="sm" aria-hidden />
    </Box>
  );
}

/** Props of the comments section of an entity page. */
export interface CommentsPanelProps {
  subject: SubjectRef;
  /** The entity's self link (`/organisation/123`): comments are its Comment action. */
  self: string;
  /** The entity's actions for the signed-in user: the editor shows only when Comment is listed and enabled. */
  actions?: readonly EntityAction[];
  pageSize?: number;
}

/**
 * The comments of an entity: the list (newest first) and, when the server offers the Comment action, an editor
 * with '@' mentions whose submission runs that action.
 */
export function CommentsPanel({ subject, self, actions = [], pageSize }: CommentsPanelProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const labelId = useId();
  const errorId = useId();
  const [value, setValue] = useState<RichTextValue | undefined>(undefined);
  const [editorKey, setEditorKey] = useState(0);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const comment = actions.find((action) => action.id === COMMENT_ACTION_ID);
  const section = useRef<HTMLDivElement>(null);
  const showEditor = useNearViewport(section);

  const submit = async () => {
    const values = value === undefined ? {} : { content: value };
    const { commentProblem } = await loadChunkWithReload(() => import('./commentRules.ts'));
    const problem = commentProblem(values);
    if (problem !== undefined) {
      setFieldError(problem);
      return;
    }
    setFieldError(undefined);
    setFailure(undefined);
    setSending(true);
    try {
      await postSubmission(client, `${self}/action/${COMMENT_ACTION_ID}`, values, []);
      setValue(undefined);
      setEditorKey((key) => key + 1);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsQueryKey(subject) }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey(subject) }),
      ]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.bannerText);
      setFieldError(error.fieldErrors.find((issue) => issue.path === 'content')?.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${labelId}-heading`} ref={section}>
      <Title order={2} size="h4" id={`${labelId}-heading`}>
        Comments
      </Title>
      {comment?.enabled === true && (
        <Stack gap={6}>
          <Text component="label" id={labelId} size="sm" fw={500}>
            Add a comment
          </Text>
          {failure !== undefined && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {showEditor ? (
            <Suspense fallback={<EditorPlaceholder />}>
              <CommentEditor
                key={editorKey}
                subject={subject}
                onChange={(next) => {
                  setValue(next);
                  if (next !== undefined) setFieldError(undefined);
                }}
                labelledBy={labelId}
                describedBy={fieldError === undefined ? undefined : errorId}
                invalid={fieldError !== undefined}
                disabled={sending}
              />
            </Suspense>
          ) : (
            <EditorPlaceholder />
          )}
          {fieldError !== undefined && (
            <Text id={errorId} size="sm" c="red.9">
              {fieldError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={sending}>
              {comment.title}
            </Button>
          </Group>
        </Stack>
      )}
      <CommentList subject={subject} {...(pageSize === undefined ? {} : { pageSize })} />
    </Stack>
  );
}
