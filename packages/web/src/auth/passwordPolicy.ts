import { PASSWORD_POLICY } from '@curlew/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api.ts';

interface PasswordPolicyAnswer {
  minLength: number;
  maxLength: number;
  commonPasswordsRefused: boolean;
  text?: string;
}

/** The hint under a new-password field, from GET /api/auth/password-policy (the shared limits until it answers). */
export function usePasswordHint(): string {
  const { data } = useQuery({
    queryKey: ['auth', 'password-policy'],
    queryFn: () => api.get<PasswordPolicyAnswer>('/api/auth/password-policy'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (data?.text) return data.text;
  const minLength = data?.minLength ?? PASSWORD_POLICY.minLength;
  const maxLength = data?.maxLength ?? PASSWORD_POLICY.maxLength;
  return `${minLength} to ${maxLength} characters; common passwords are refused.`;
}
