/** Query keys of the message centre; every message query lives under MESSAGES_KEY. */
export const MESSAGES_KEY = ['messages'] as const;

/** Permissions of the message-centre calls (granted by msg:center:*). */
export const MSG_CENTER_VIEW = 'msg:center:view';
export const MSG_CENTER_READ = 'msg:center:read';

/** Auto-refresh period of counts and lists while MSG_REFRESH is on (spec section 4: 15 s). */
export const MSG_REFRESH_INTERVAL_MS = 15_000;
