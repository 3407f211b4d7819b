import type { TSocialProvider } from '@hookline/shared';
import { cn } from '@/lib/cn';

/** Brand marks drawn inline (the icon set has no brand logos); decorative, the label says the name. */
export function ProviderIcon({ provider, className }: { provider: TSocialProvider; className?: string }) {
  if (provider === 'google') {
    return (
      <svg viewBox="0 0 24 24" aria-hidden className={cn('size-8 shrink-0', className)}>
        <rect x="1" y="4" width="22" height="16" rx="5" fill="#ff0033" />
        <path d="M10 8.5v7l6-3.5z" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect x="1" y="1" width="22" height="22" rx="4" fill="#0a66c2" />
      <rect x="5" y="9.5" width="3" height="9" fill="#fff" />
      <circle cx="6.5" cy="6.5" r="1.8" fill="#fff" />
      <path
        d="M10.5 9.5h2.9v1.3c.5-.9 1.6-1.5 3-1.5 2.4 0 3.1 1.5 3.1 3.9v5.3h-3v-4.7c0-1.1-.3-1.9-1.4-1.9s-1.6.8-1.6 1.9v4.7h-3z"
        fill="#fff"
      />
    </svg>
  );
}
