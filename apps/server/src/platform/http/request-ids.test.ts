import { describe, expect, it } from 'vitest';
import { requestIds } from './request-ids.ts';

describe('request ids', () => {
  it("keep a caller's safe id, and otherwise number the requests after this process's random prefix", () => {
    const ids = requestIds();
    const get = (given?: string) =>
      ids({ headers: given === undefined ? {} : { 'x-request-id': given } } as never);
    expect(get('trace-42.a:b')).toBe('trace-42.a:b');
    expect(get('x'.repeat(80))).toBe('x'.repeat(64));
    const first = get('no spaces allowed');
    const second = get();
    expect(first).toMatch(/^[0-9a-f]{12}-1$/);
    expect(second).toBe(`${first.slice(0, 12)}-2`);
    // Another process (or instance) has another prefix.
    expect(requestIds()({ headers: {} } as never).slice(0, 12)).not.toBe(first.slice(0, 12));
  });
});
