/** Full page loads, kept in one place so tests can replace them. */

/** Loads a URL as a new document (the session is rebuilt from storage). */
export function hardNavigate(url: string): void {
  window.location.assign(url);
}

/** Reloads the current document. */
export function reloadPage(): void {
  window.location.reload();
}

/** The current path with its query, for a redirect back after login. */
export function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A random UUID (captcha keys); crypto.randomUUID where available. */
export function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
