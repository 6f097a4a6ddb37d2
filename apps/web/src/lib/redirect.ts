/** The in-portal path to go to after login; anything else (other sites, the login page) becomes '/'. */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value) return '/';
  let path = value.trim();
  try {
    // Tolerate a doubly encoded value.
    if (/^%2F/i.test(path)) path = decodeURIComponent(path);
  } catch {
    return '/';
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login/')) return '/';
  return path;
}
