import { useEffect, useState } from 'react';

/** Searches wait for 300 ms of quiet typing. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value, once it has stopped changing for delayMs (each change restarts the wait). */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
