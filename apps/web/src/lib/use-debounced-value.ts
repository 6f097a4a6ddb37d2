import { useEffect, useState } from 'react';

/** The debounce wait of spec section 9. */
export const DEBOUNCE_MS = 300;

/** The value, once it has stayed unchanged for `wait` milliseconds. */
export function useDebouncedValue<T>(value: T, wait = DEBOUNCE_MS): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return [settled, setSettled];
}
