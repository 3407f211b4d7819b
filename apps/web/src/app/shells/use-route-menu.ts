import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a mobile menu that closes by itself on route change (it is tied to the
 * location it was opened at) and on Escape.
 */
export function useRouteMenu(): [boolean, (open: boolean | ((open: boolean) => boolean)) => void] {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(open) : next;
    setOpenAt(value ? location.key : null);
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenAt(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return [open, setOpen];
}
