import {
  API_TOKEN_DEFAULT_DAYS,
  type ApiToken,
  type ApiTokenList,
  type CreatedApiToken,
  createApiTokenSchema,
  formatDate,
} from '@curlew/domain';
import {
  Alert,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../app/api.ts';
import { showToast } from '../app/toasts.ts';
import { FormError } from './FormError.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

const TOKENS_KEY = ['auth', 'tokens'] as const;

/** How long a new token may live, in days. */
const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];

const dateOf = (iso: string | null): string => (iso === null ? 'Never' : formatDate(iso));

/**
 * Personal API tokens on the profile: make one (named, expiring), see it once, list and revoke them. A token lets a
 * council's or a water company's system read and act with this user's rights through the API.
 */
export function ApiTokensSection() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: TOKENS_KEY,
    queryFn: () => api.get<ApiTokenList>('/api/auth/tokens'),
  });
  const [shown, setShown] = useState<CreatedApiToken | null>(null);
  const form = useSchemaForm(createApiTokenSchema, {
    name: '',
    expiresInDays: String(API_TOKEN_DEFAULT_DAYS),
  });
  const submit = form.onSubmit(async (input) => {
    const created = await api.post<CreatedApiToken>('/api/auth/tokens', input);
    setShown(created);
    form.setValue('name', '');
    await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
  });
  const revoke = async (token: ApiToken) => {
    try {
      await api.post(`/api/auth/tokens/${token.id}/revoke`, {});
      showToast(`The token "${token.name}" is revoked`, 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error');
    }
    await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3" id="api-tokens-heading">
        API tokens
      </Title>
      <Text>
        A token lets another system use the Curlew API with your rights: send it as{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. See the <a href="/api/docs">API reference</a>.
      </Text>
      {shown ? (
        <Alert color="green" title={`Token "${shown.item.name}" made`}>
          <Stack gap={4}>
            <Text>Copy it now: it is shown only once.</Text>
            <Code block aria-label="New API token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {shown.token}
            </Code>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-labelledby="api-tokens-heading">
        <Stack gap="sm">
          <FormError error={form.formError} />
          <Group align="flex-start">
            <TextInput label="Token name" maw={320} {...form.inputProps('name')} />
            <Select
              label="Expires after"
              data={EXPIRY_OPTIONS}
              allowDeselect={false}
              maw={160}
              {...form.valueProps('expiresInDays')}
              onChange={(value) => form.setValue('expiresInDays', value ?? String(API_TOKEN_DEFAULT_DAYS))}
            />
          </Group>
          <Group>
            <Button type="submit" loading={form.submitting}>
              Make token
            </Button>
          </Group>
        </Stack>
      </form>
      {tokens.isPending ? <Text>Loading tokens…</Text> : null}
      {tokens.error ? <Alert color="red">{tokens.error.message}</Alert> : null}
      {tokens.data && tokens.data.items.length === 0 ? <Text>You have no API tokens.</Text> : null}
      {tokens.data && tokens.data.items.length > 0 ? (
        <Table aria-label="Your API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Starts with</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.items.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>
                  <Code>{token.prefix}…</Code>
                </Table.Td>
                <Table.Td>{dateOf(token.createdAt)}</Table.Td>
                <Table.Td>{dateOf(token.expiresAt)}</Table.Td>
                <Table.Td>{dateOf(token.lastUsedAt)}</Table.Td>
                <Table.Td>{token.revokedAt ? 'Revoked' : token.active ? 'Active' : 'Expired'}</Table.Td>
                <Table.Td>
                  {token.active ? (
                    <Button variant="default" size="xs" onClick={() => revoke(token)}>
                      Revoke<VisuallyHidden> {token.name}</VisuallyHidden>
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
