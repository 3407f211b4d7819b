import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-300',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-200 shadow-sm hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  inverse: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
} as const;

const SIZES = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (a link) with button styles. */
  asChild?: boolean;
};

export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md') {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonClasses(variant, size), className)} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
