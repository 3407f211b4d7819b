import type { ReactNode } from 'react';
import type { TSocialProvider } from '@hookline/shared';
import { cn } from '@/lib/cn';

/** Each network's mark on its brand colour, in a 24-unit box. */
const MARKS: Record<TSocialProvider, { colour: string; mark: ReactNode }> = {
  google: { colour: '#ff0033', mark: <path d="M10 8.5v7l6-3.5z" fill="#fff" /> },
  linkedin: {
    colour: '#0a66c2',
    mark: (
      <g fill="#fff">
        <rect x="5" y="9.5" width="3" height="9" />
        <circle cx="6.5" cy="6.5" r="1.8" />
        <path d="M10.5 9.5h2.9v1.3c.5-.9 1.6-1.5 3-1.5 2.4 0 3.1 1.5 3.1 3.9v5.3h-3v-4.7c0-1.1-.3-1.9-1.4-1.9s-1.6.8-1.6 1.9v4.7h-3z" />
      </g>
    ),
  },
  twitter: {
    colour: '#000',
    mark: <path d="M6.5 6h3.2l7.8 12h-3.2zM6.7 18l4.6-5.2M12.7 11.2 17.3 6" stroke="#fff" strokeWidth="1.4" fill="none" />,
  },
  instagram: {
    colour: '#e1306c',
    mark: (
      <g stroke="#fff" strokeWidth="1.8" fill="none">
        <rect x="5" y="5" width="14" height="14" rx="4" />
        <circle cx="12" cy="12" r="3.2" />
        <circle cx="16.3" cy="7.7" r=".4" fill="#fff" />
      </g>
    ),
  },
  mastodon: {
    colour: '#6364ff',
    mark: (
      <path d="M7 17v-6a2.5 2.5 0 0 1 5 0v3m0 0v-3a2.5 2.5 0 0 1 5 0v6" stroke="#fff" strokeWidth="2" strokeLinecap="round" fill="none" />
    ),
  },
  bluesky: {
    colour: '#1185fe',
    mark: (
      <path
        d="M12 11.2C10.6 8.4 7.9 6 6.3 6 5 6 4.7 7.3 5.1 9.5c.4 2 1.9 3.2 4.2 3-2.3.6-3.3 2-2 3.6 1.8 2.1 3.5.4 4.7-2.4 1.2 2.8 2.9 4.5 4.7 2.4 1.3-1.6.3-3-2-3.6 2.3.2 3.8-1 4.2-3 .4-2.2.1-3.5-1.2-3.5-1.6 0-4.3 2.4-5.7 5.2z"
        fill="#fff"
      />
    ),
  },
};

/** A network's brand mark drawn inline (the icon set has no brand logos); decorative, the label beside it says the name. */
export function ProviderIcon({ provider, className }: { provider: TSocialProvider; className?: string }) {
  const { colour, mark } = MARKS[provider];
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('size-8 shrink-0', className)} data-provider={provider}>
      <rect x="1" y="1" width="22" height="22" rx="5" fill={colour} />
      {mark}
    </svg>
  );
}
