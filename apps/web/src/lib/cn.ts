import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects; falsy ones are skipped) and
 * resolves conflicting Tailwind utilities so the later one wins: `cn('px-4', 'px-2')` is `'px-2'`,
 * which lets a caller's className override a component's defaults.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
