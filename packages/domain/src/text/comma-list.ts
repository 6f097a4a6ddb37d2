import { z } from 'zod';

/**
 * A query parameter of comma-separated values (a picker's chosen codes or ids): at most
 * `textMax` characters, split on ',', each trimmed, empty ones dropped, then at most `max`
 * values each checked by `item`. Absent or empty is an empty list.
 */
export function zCommaList<T extends z.ZodType<unknown, string>>(
  item: T,
  { max, textMax }: { max: number; textMax: number },
) {
  return z
    .string()
    .max(textMax)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item).max(max));
}
