import { commentAction, validateAction } from '@curlew/domain';

/**
 * What is wrong with a comment before it is sent (the Comment action's own rules), or undefined. Its own module,
 * loaded when a comment is sent, so that the pages showing comments load no validation.
 */
export function commentProblem(values: Record<string, unknown>): string | undefined {
  const validation = validateAction(commentAction, values);
  return validation.success ? undefined : (validation.errors[0]?.message ?? 'Not a valid comment');
}
