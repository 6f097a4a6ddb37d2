import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids: the caller's `x-request-id` (its first 64 characters) when it is a safe token;
 * otherwise this process's 48 random bits and a counter, unique across instances and restarts.
 * A random UUID per request was a measurable part of a cached lookup (docs/performance.md).
 */
export function requestIds(): (req: IncomingMessage) => string {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string') {
      const id = given.slice(0, 64);
      if (/^[\w.:-]+$/.test(id)) return id;
    }
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}
