import { useEffect, useRef } from 'react';

/**
 * Runs `fill` when a dialog opens (closed to open) or, while open, turns to another subject;
 * never merely because effects run again. The frame keeps visited tabs alive and re-runs
 * their effects each time a tab shows again: a dialog that refilled its form then would wipe
 * what the user typed before switching tabs.
 */
export function useOnOpen(open: boolean, subject: unknown, fill: () => void): void {
  const last = useRef<{ open: boolean; subject: unknown }>({ open: false, subject: undefined });
  const fillRef = useRef(fill);
  fillRef.current = fill;
  useEffect(() => {
    const previous = last.current;
    last.current = { open, subject };
    if (open && (!previous.open || previous.subject !== subject)) fillRef.current();
  }, [open, subject]);
}
