import { vi } from 'vitest';

/**
 * jsdom has no window.matchMedia: a stand-in where the listed media queries match and no other
 * does (by default none: a phone-sized screen). Undone by vi.unstubAllGlobals().
 */
export function stubMatchMedia(matching: string[] = []) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
