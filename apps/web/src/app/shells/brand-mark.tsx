/** The Hookline hook, drawn in the brand colour. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M11 7v11a5 5 0 0 0 10 0v-2" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="21" cy="11" r="2.5" fill="#fff" />
    </svg>
  );
}
