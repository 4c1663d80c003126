import { type ClearingExclusion, formatDate } from '@curlew/domain';
import { Alert, Text } from '@mantine/core';

/**
 * The operator's exclusion of an offer or a bid from its round's clearing, with the reason and the date, as its
 * owner and the operator read it on the record; nothing when the record is not excluded.
 */
export function ClearingExclusionNotice({
  exclusion,
  noun,
}: {
  exclusion: ClearingExclusion | null | undefined;
  noun: 'offer' | 'bid';
}) {
  if (!exclusion) return null;
  return (
    <Alert color="orange" variant="light" title={`This ${noun} is excluded from the clearing`}>
      <Text size="sm">
        The market operator excluded it on {formatDate(exclusion.at)}: it is not matched while it stays
        excluded.
      </Text>
      <Text size="sm" mt="xs">
        <Text span fw={600}>
          Reason:{' '}
        </Text>
        {exclusion.reason}
      </Text>
    </Alert>
  );
}
