import type { TDraftStatus } from '@hookline/shared';

/** Each status in words, shown on every chip: the colour is never the only sign. */
export const STATUS_LABELS: Record<TDraftStatus, string> = {
  draft: 'Draft',
  queued: 'Queued',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  held: 'Held',
};

/** A chip's colours by status: a strong left border on a light background, text dark enough to read. */
export const STATUS_CHIP_CLASSES: Record<TDraftStatus, string> = {
  draft: 'border-slate-400 bg-white text-slate-800',
  queued: 'border-brand-600 bg-brand-50 text-brand-900',
  publishing: 'border-amber-500 bg-amber-50 text-amber-950',
  published: 'border-emerald-600 bg-emerald-50 text-emerald-950',
  failed: 'border-red-600 bg-red-50 text-red-900',
  held: 'border-slate-600 bg-slate-100 text-slate-900',
};
