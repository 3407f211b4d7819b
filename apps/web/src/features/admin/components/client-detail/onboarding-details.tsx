import { ExternalLink } from 'lucide-react';
import type { TOnboardingRecord } from '@hookline/shared';
import { cn } from '@/lib/cn';
import { formatDate } from '../../format';
import { ONBOARDING_FIELDS, safeHref } from './onboarding-fields';

/** The captured onboarding answers; empty optional values are left out. */
export function OnboardingDetails({ record }: { record: TOnboardingRecord }) {
  const { data } = record;
  return (
    <div>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {ONBOARDING_FIELDS.map(({ key, label, view, required }) => {
          const value = data[key];
          const empty = Array.isArray(value) ? value.length === 0 : !value?.trim();
          if (empty && !required) return null;
          return (
            <div key={key} className={cn('min-w-0', (view === 'long' || view === 'chips') && 'sm:col-span-2')}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-1 text-sm text-slate-800">
                {empty ? <span className="text-slate-500">—</span> : <Value value={value} view={view} />}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-6 border-t border-slate-100 pt-4 text-xs text-slate-500">
        Submitted <time dateTime={record.createdAt}>{formatDate(record.createdAt)}</time>
        {record.airtableRecordId ? ' · Synced to Airtable' : null}
      </p>
    </div>
  );
}

function Value({ value, view }: { value: string | string[]; view: (typeof ONBOARDING_FIELDS)[number]['view'] }) {
  if (Array.isArray(value)) {
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label="Channels">
        {value.map((channel) => (
          <li key={channel} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
            {channel}
          </li>
        ))}
      </ul>
    );
  }
  const href = view === 'link' ? safeHref(value) : null;
  if (href) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex max-w-full items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        <span className="truncate">{value}</span>
        <ExternalLink className="size-3.5 shrink-0" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return <span className={cn('break-words', view === 'long' && 'whitespace-pre-wrap')}>{value}</span>;
}
