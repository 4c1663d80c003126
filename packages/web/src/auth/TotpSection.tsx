import { checkTotpSchema } from '@curlew/domain';
import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { FormError } from './FormError.tsx';
import { TotpQrCode } from './TotpQrCode.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

const TOTP_STATUS_KEY = ['auth', 'isTOTPEnabled'] as const;

/** A secret waiting to be confirmed with a first code. */
interface PendingTotp {
  secret: string;
  otpauthUrl: string;
}

/** Two-factor authentication on the profile: enable (secret, then a code to verify) or disable (with a code). */
export function TotpSection() {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: TOTP_STATUS_KEY,
    queryFn: () => api.get<{ enabled: boolean }>('/api/auth/isTOTPEnabled'),
  });
  const [pending, setPending] = useState<PendingTotp | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<ApiError | null>(null);

  const setEnabled = (enabled: boolean) => queryClient.setQueryData(TOTP_STATUS_KEY, { enabled });

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setPending(await api.post<PendingTotp>('/api/auth/enableTOTP'));
    } catch (error) {
      setStartError(error instanceof ApiError ? error : new ApiError(String(error), 0, 'client'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Two-factor authentication
      </Title>
      {status.isPending ? <Text>Checking…</Text> : null}
      {status.error ? <Alert color="red">{status.error.message}</Alert> : null}
      {status.data?.enabled ? (
        <>
          <Text>
            Two-factor authentication is on: signing in asks for a code from your authenticator app.
          </Text>
          <TotpCodeForm
            label="Turn off"
            path="/api/auth/disableTOTP"
            onDone={() => {
              setEnabled(false);
              showToast('Two-factor authentication is off', 'success');
            }}
          />
        </>
      ) : null}
      {status.data && !status.data.enabled && !pending ? (
        <>
          <Text>Two-factor authentication is off.</Text>
          <FormError error={startError} />
          <Group>
            <Button onClick={start} loading={starting}>
              Turn on two-factor authentication
            </Button>
          </Group>
        </>
      ) : null}
      {status.data && !status.data.enabled && pending ? (
        <>
          <Text>
            Scan this QR code with your authenticator app, or type the key beside it into the app, then enter
            the code it shows.
          </Text>
          <Group align="center" gap="lg">
            <TotpQrCode address={pending.otpauthUrl} />
            <Stack gap={4}>
              <Text fw={600}>Secret key</Text>
              <Code block aria-label="Secret key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {pending.secret}
              </Code>
            </Stack>
          </Group>
          <TotpCodeForm
            label="Verify"
            path="/api/auth/verifyTOTP"
            onDone={() => {
              setPending(null);
              setEnabled(true);
              showToast('Two-factor authentication is on', 'success');
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** A 6-digit code and a button that posts it to `path`. */
function TotpCodeForm({ label, path, onDone }: { label: string; path: string; onDone: () => void }) {
  const form = useSchemaForm(checkTotpSchema, { code: '' });
  const submit = form.onSubmit(async (input) => {
    await api.post(path, input);
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormError error={form.formError} />
        <TextInput
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={240}
          {...form.inputProps('code')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
