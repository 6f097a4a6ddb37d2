import type { Dayjs } from 'dayjs';

/** A range picker's days as [from, to] instants (whole days); undefined when both are empty. */
export function dayRange(
  range: [Dayjs | null, Dayjs | null] | null | undefined,
): [string, string] | undefined {
  const [from, to] = range ?? [null, null];
  if (!from && !to) return undefined;
  return [(from ?? to!).startOf('day').toISOString(), (to ?? from!).endOf('day').toISOString()];
}
