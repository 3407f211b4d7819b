import { Link, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** State a list puts on its row links, so Back returns to the same filtered, sorted page. */
export interface BackState {
  back?: string;
}

/** Back to the list: the exact view the user came from when known, else `to`. */
export function BackLink({ to, children = 'Back' }: { to: string; children?: React.ReactNode }) {
  const back = (useLocation().state as BackState | null)?.back;
  const target = back && (back === to || back.startsWith(`${to}?`)) ? back : to;
  return (
    <Link to={target} className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-brand-700">
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}

/** The BackState for links leaving the current page. */
export function useBackState(): BackState {
  const { pathname, search } = useLocation();
  return { back: `${pathname}${search}` };
}
