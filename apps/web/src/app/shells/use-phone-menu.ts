import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The elements inside a container that Tab can reach, in document order. */
function tabStopsIn(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[hidden], [inert]'),
  );
}

/** Whether a media query matches, kept current as the window is resized. */
function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * A navigation menu that only exists as such on narrow screens (`wideScreen`, a media query, is
 * where the navigation shows in full instead). It closes by itself on route change (it is tied to
 * the location it was opened at), on Escape, and when the screen becomes wide. While it is open,
 * Tab and Shift+Tab cycle within `menuRef`, and focus moves into it unless already there; when it
 * closes, focus returns to `triggerRef`, the button that opened it.
 */
export function usePhoneMenu(wideScreen: string) {
  const location = useLocation();
  const wide = useMediaQuery(wideScreen);
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key && !wide;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  const setOpen = (next: boolean | ((open: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(open) : next;
    setOpenAt(value ? location.key : null);
  };

  useEffect(() => {
    const [menu, trigger] = [menuRef.current, triggerRef.current];
    if (!open || !menu) return;
    if (!menu.contains(document.activeElement)) tabStopsIn(menu)[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenAt(null);
      // Focus outside the menu belongs to a layer above it (a dialog opened from it): not ours to move.
      if (event.key !== 'Tab' || !menu.contains(document.activeElement)) return;
      const stops = tabStopsIn(menu);
      const [first, last] = [stops.at(0), stops.at(-1)];
      if (document.activeElement !== (event.shiftKey ? first : last)) return;
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      // Focus that has moved on to another layer stays there; focus in the closing menu (or lost
      // with it) goes back to the button that opened it.
      const focused = document.activeElement;
      if (!focused || focused === document.body || menu.contains(focused)) trigger?.focus();
    };
  }, [open]);

  return { open, setOpen, wide, triggerRef, menuRef };
}
