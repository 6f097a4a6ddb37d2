/**
 * A server lookup's answer for a picker, asked with one more than `max` others: the picker's
 * chosen items (by `keyOf`) first, then at most `max` others; `more` tells that more matched
 * than the picker lists (SearchSelect then asks the user to narrow the search).
 */
export function chosenFirst<T>(
  answer: readonly T[],
  chosen: readonly string[],
  keyOf: (item: T) => string,
  max: number,
): { items: T[]; more: boolean } {
  const picked = answer.filter((item) => chosen.includes(keyOf(item)));
  const others = answer.filter((item) => !chosen.includes(keyOf(item)));
  return { items: [...picked, ...others.slice(0, max)], more: others.length > max };
}
