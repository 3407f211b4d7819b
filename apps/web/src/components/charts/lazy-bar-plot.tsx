import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { BarPlotProps } from './bar-plot';

// Recharts is the heaviest library in the app: it loads once its box is about to scroll into view,
// after the page it sits on has rendered.
const BarPlot = lazy(() => import('./bar-plot'));

/** True once the element comes within 200px of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '200px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** BarPlot, loaded when first needed; the box (sized by the caller) stays empty until then. */
export function LazyBarPlot(props: BarPlotProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="size-full">
      {near ? (
        <Suspense fallback={null}>
          <BarPlot {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
