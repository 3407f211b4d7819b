/** Shown while the session is unknown, so neither signed-in nor signed-out content flashes. */
export function PageLoader() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
