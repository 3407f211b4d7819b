import type { MouseEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const MAIN_ID = 'main';

/** Focuses the main region itself: following the #main fragment would be a route change to the router. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/** A shell's first tab stop, shown when focused: takes keyboard users past the navigation to MainRegion. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}

/**
 * A shell's main region, which SkipLink focuses. Focus lands there only from the skip link, so no
 * outline is drawn around the whole page (important: the global :focus-visible rule is unlayered).
 */
export function MainRegion({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={cn(className, 'focus:outline-none!')}>
      {children}
    </main>
  );
}
