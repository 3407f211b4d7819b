import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatBytes } from '../format';
import type { ClipRun } from '../hooks/use-clip-job';
import { clipStageLabel } from '../stages';

type RunningPhase = Extract<ClipRun, { phase: 'starting' | 'uploading' | 'processing' | 'cancelling' }>;

function describe(run: RunningPhase): { label: string; detail: string; value?: number; max: number; bar: string } {
  switch (run.phase) {
    case 'starting':
      return { label: 'Sending the YouTube link…', detail: '', max: 100, bar: 'Job progress' };
    case 'uploading':
      return {
        label: 'Uploading video…',
        detail: `${formatBytes(run.loaded)} of ${formatBytes(run.total)}`,
        value: run.loaded,
        max: Math.max(run.total, 1),
        bar: 'Upload progress',
      };
    case 'processing': {
      const percent = Math.min(100, Math.max(0, Math.round(run.status?.percent ?? 0)));
      return { label: clipStageLabel(run.status?.stage ?? 'queued'), detail: `${percent}%`, value: percent, max: 100, bar: 'Job progress' };
    }
    case 'cancelling':
      return { label: 'Cancelling…', detail: '', max: 100, bar: 'Job progress' };
  }
}

/** Upload progress in bytes, then the job's stage and percent, with Cancel. */
export function ClipProgress({ run, onCancel }: { run: RunningPhase; onCancel: () => void }) {
  const { label, detail, value, max, bar } = describe(run);
  return (
    <Card className="grid gap-3" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">{label}</p>
          {detail ? <p className="text-sm tabular-nums text-slate-600">{detail}</p> : null}
        </div>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={run.phase === 'cancelling'}>
          Cancel
        </Button>
      </div>
      {/* No value: the browser shows an indeterminate bar. */}
      <progress aria-label={bar} max={max} value={value} className="h-2 w-full overflow-hidden rounded-full accent-brand-600" />
      <p className="text-xs text-slate-500">Keep this page open: longer videos can take several minutes.</p>
    </Card>
  );
}
