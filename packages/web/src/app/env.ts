/** Client configuration served by GET /api/auth/env.js before the app starts. */
export interface ClientEnv {
  signUpEnabled: boolean;
  production: boolean;
  /** Whether the public registry is on (PUBLIC_REGISTRY). */
  publicRegistry: boolean;
}

declare global {
  interface Window {
    CURLEW_ENV?: Partial<ClientEnv>;
  }
}

/** Reads the configuration the server injected; sign-up counts as enabled unless the server says otherwise. */
export function clientEnv(): ClientEnv {
  const injected = window.CURLEW_ENV;
  return {
    signUpEnabled: injected?.signUpEnabled !== false,
    production: injected?.production === true,
    publicRegistry: injected?.publicRegistry !== false,
  };
}
