import type { TOnboardingData, TOnboardingSubmission } from '@hookline/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '../../format';
import { ONBOARDING_FIELDS } from '../client-detail/onboarding-fields';

const shown = (data: TOnboardingData | null, key: keyof TOnboardingData) => {
  if (!data) return '';
  const value = data[key];
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * Questionnaire answers that came from the public form for an address whose record they may not
 * replace on their own: each value beside the client's record now, changed ones marked in words,
 * and one action that makes them the record.
 */
export function KeptAnswersCard({
  submission,
  applying,
  onApply,
}: {
  submission: TOnboardingSubmission;
  applying: boolean;
  onApply: () => void;
}) {
  const rows = ONBOARDING_FIELDS.map(({ key, label }) => ({
    key,
    label,
    now: shown(submission.current, key),
    submitted: shown(submission.data, key),
  })).filter((row) => row.now || row.submitted);
  const changed = rows.filter((row) => row.now !== row.submitted).length;

  return (
    <SectionCard
      title="Submitted answers"
      description={
        submission.clientId
          ? 'These answers came from the public questionnaire for this address. They replace nothing until you apply them.'
          : 'These answers came from the public questionnaire for a staff address. No client workspace was made for them.'
      }
      actions={
        submission.appliedAt ? (
          <Badge tone="success">
            Applied {formatDateTime(submission.appliedAt)} by {submission.appliedBy}
          </Badge>
        ) : submission.clientId ? (
          <Button size="sm" onClick={onApply} disabled={applying}>
            {applying ? 'Applying…' : 'Apply to record'}
          </Button>
        ) : null
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        Received <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time> ·{' '}
        {changed === 1 ? '1 value differs' : `${changed} values differ`} from the record.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Submitted answers beside the client&apos;s onboarding record</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Record now
              </th>
              <th scope="col" className="py-2 font-medium">
                Submitted
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {rows.map((row) => {
              const differs = row.now !== row.submitted;
              return (
                <tr key={row.key} className={cn(differs && 'bg-amber-50')}>
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-700">
                    {row.label}
                    {differs ? <span className="ml-2 text-xs font-normal text-amber-800">changed</span> : null}
                  </th>
                  <td className="whitespace-pre-wrap break-words py-2 pr-4 text-slate-600">{row.now || '—'}</td>
                  <td className="whitespace-pre-wrap break-words py-2 text-slate-900">{row.submitted || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}
