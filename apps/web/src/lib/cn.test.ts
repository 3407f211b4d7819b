import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names, skipping falsy ones and reading arrays and condition objects', () => {
    expect(cn('flex', false, null, undefined, '', ['gap-2', { 'text-sm': true, hidden: false }])).toBe('flex gap-2 text-sm');
  });

  it('lets the later of two conflicting Tailwind classes win', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('bg-white text-slate-700', 'bg-brand-600 text-white')).toBe('bg-brand-600 text-white');
    expect(cn('rounded-lg p-6', 'p-5 sm:p-6')).toBe('rounded-lg p-5 sm:p-6');
  });

  it('keeps classes that only look alike: size and colour of text, width and colour of outlines', () => {
    expect(cn('text-sm text-slate-700', 'text-brand-800')).toBe('text-sm text-brand-800');
    expect(cn('outline-2 outline-brand-500')).toBe('outline-2 outline-brand-500');
    expect(cn('hover:bg-slate-50', 'bg-white')).toBe('hover:bg-slate-50 bg-white');
  });
});
