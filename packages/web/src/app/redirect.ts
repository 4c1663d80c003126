/** A redirect target is honoured only when it is a same-origin relative path; anything else goes home. */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target) return '/';
  // A single leading slash; '//host' and '/\host' are protocol-relative in browsers, so they are refused.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const base = 'https://curlew.invalid';
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch (error) {
    if (error instanceof TypeError) return '/';
    throw error;
  }
}

/** The sign-in address that brings the visitor back to `pathWithSearch` afterwards. */
export function loginPathFor(pathWithSearch: string): string {
  if (!pathWithSearch || pathWithSearch === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(pathWithSearch)}`;
}
