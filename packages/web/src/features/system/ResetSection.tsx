import { RESET_CONFIRMATION } from '@curlew/domain';
import { Alert, Text } from '@mantine/core';
import { showToast } from '../../app/toasts.ts';
import { SystemSection } from './SystemSection.tsx';
import { useResetDatabase, useSystemState } from './systemApi.ts';
import { TypedConfirmation } from './TypedConfirmation.tsx';

/**
 * Resetting the database to the demo data (outside production, typed confirmation); in production the section
 * says it is turned off, as the server refuses it there.
 */
export function ResetSection() {
  const state = useSystemState();
  const reset = useResetDatabase();
  return (
    <SystemSection
      id="reset"
      title="Reset the database"
      what="whether the database may be reset"
      loading={state.isPending}
      error={state.error}
    >
      {state.data?.resetAllowed ? (
        <>
          <Text>
            Puts the demo data back: every record, account and file made since is deleted and everyone, you
            included, signs in again with a demo account.
          </Text>
          <TypedConfirmation
            word={RESET_CONFIRMATION}
            action="Reset to the demo data"
            busy={reset.isPending}
            onConfirm={(typed) =>
              reset.mutate(typed, {
                onSuccess: (answer) => showToast(answer.message, 'success'),
                onError: (error) => showToast(error.message, 'error'),
              })
            }
          />
          {reset.data ? <Alert color="teal">{reset.data.message}</Alert> : null}
        </>
      ) : (
        <Text>
          Resetting the database is turned off in production (NODE_ENV=production): it would replace the
          market's data.
        </Text>
      )}
    </SystemSection>
  );
}
