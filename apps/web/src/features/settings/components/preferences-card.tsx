import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { CADENCES, type TUpdateWorkspaceRequest, type TWorkspace } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/zoned-time';
import { useUpdateWorkspace } from '../api/update-workspace';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';
import { SectionCard } from '@/components/ui/section-card';
import { timeZoneOptions } from './time-zones';

/**
 * Workspace preferences: default cadence and a time-zone override ('' = each user's own zone). A
 * teammate sees them read-only, with who changes them.
 */
export function PreferencesCard({ workspace }: { workspace: TWorkspace }) {
  const update = useUpdateWorkspace();
  const save = (input: TUpdateWorkspaceRequest) =>
    update.mutate(input, {
      onSuccess: () => toast.success('Preferences saved'),
      onError: (error) => toast.error('Save failed', { description: errorMessage(error, 'Unknown error') }),
    });
  // The form starts again from the server's values whenever they change (a save here or elsewhere, a reload).
  return (
    <PreferencesForm
      key={`${workspace.cadence}|${workspace.timeZone}`}
      workspace={workspace}
      saving={update.isPending}
      onSave={managesWorkspace(workspace) ? save : null}
    />
  );
}

function PreferencesForm({
  workspace,
  saving,
  onSave,
}: {
  workspace: TWorkspace;
  saving: boolean;
  /** Null for a teammate: the form is read-only. */
  onSave: ((input: TUpdateWorkspaceRequest) => void) | null;
}) {
  const id = useId();
  const [cadence, setCadence] = useState(workspace.cadence);
  const [timeZone, setTimeZone] = useState(workspace.timeZone ?? '');
  const zones = useMemo(() => timeZoneOptions(workspace.timeZone), [workspace.timeZone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave?.({ cadence, timeZone: timeZone || null });
  };

  return (
    <SectionCard title="Workspace preferences" description={`Defaults for ${workspace.name}.`}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Default cadence" htmlFor={`${id}-cadence`} hint="How often new content is planned by default.">
            <Select
              id={`${id}-cadence`}
              className="w-full"
              disabled={!onSave}
              value={cadence}
              onChange={(e) => setCadence(e.target.value as TWorkspace['cadence'])}
            >
              {CADENCES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Time zone override" htmlFor={`${id}-zone`} hint="Schedules use this zone for everyone in the workspace.">
            <Select id={`${id}-zone`} className="w-full" disabled={!onSave} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
              <option value="">Use my own time zone ({browserTimeZone()})</option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {onSave ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-500">{onlyManagersNote(workspace.name, 'change these preferences')}</p>
        )}
      </form>
    </SectionCard>
  );
}
