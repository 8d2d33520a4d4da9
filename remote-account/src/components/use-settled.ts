import { useEffect, useState } from 'react';

/** Typing settles for this long before a list asks the server again. */
export const SEARCH_DELAY_MS = 300;

/** `value`, once it has stopped changing for `ms` (a search box that asks the server when the user pauses). */
export function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
