import { useId, type FormEvent } from 'react';
import { ONBOARDING_CHANNELS, type TOnboardingChannel, type TOnboardingData } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { ONBOARDING_FIELDS, type OnboardingTextKey } from './onboarding-fields';

export type SaveMode = 'save' | 'sync';

/** Edit mode of the onboarding card: a draft copy with Cancel, Save and Save & Sync. */
export function OnboardingForm({
  draft,
  onChange,
  onCancel,
  onSave,
  saving,
}: {
  draft: TOnboardingData;
  onChange: (draft: TOnboardingData) => void;
  onCancel: () => void;
  onSave: (mode: SaveMode) => void;
  saving: SaveMode | null;
}) {
  const id = useId();
  const setText = (key: OnboardingTextKey, value: string) => onChange({ ...draft, [key]: value });
  const toggle = (channel: TOnboardingChannel) =>
    onChange({
      ...draft,
      channels: draft.channels.includes(channel) ? draft.channels.filter((c) => c !== channel) : [...draft.channels, channel],
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave('save');
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Edit onboarding details">
      {ONBOARDING_FIELDS.map(({ key, label, edit }) => {
        const fieldId = `${id}-${key}`;
        if (key === 'channels') {
          return (
            <fieldset key={key} className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium text-slate-700">{label}</legend>
              <div className="flex flex-wrap gap-2">
                {ONBOARDING_CHANNELS.map((channel) => {
                  const checked = draft.channels.includes(channel);
                  return (
                    <label
                      key={channel}
                      className={cn(
                        'cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                        checked ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                      )}
                    >
                      <input type="checkbox" className="sr-only" checked={checked} onChange={() => toggle(channel)} />
                      {channel}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        const textKey = key as OnboardingTextKey;
        return (
          <div key={key} className={edit === 'textarea' || key === 'assetsUrl' ? 'sm:col-span-2' : undefined}>
            <Field label={label} htmlFor={fieldId}>
              {edit === 'textarea' ? (
                <Textarea id={fieldId} value={draft[textKey]} onChange={(e) => setText(textKey, e.target.value)} rows={3} />
              ) : (
                <Input
                  id={fieldId}
                  type={edit === 'email' ? 'email' : 'text'}
                  value={draft[textKey]}
                  onChange={(e) => setText(textKey, e.target.value)}
                />
              )}
            </Field>
          </div>
        );
      })}
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving !== null}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={saving !== null}>
          {saving === 'save' ? 'Saving…' : 'Save'}
        </Button>
        <Button onClick={() => onSave('sync')} disabled={saving !== null}>
          {saving === 'sync' ? 'Syncing…' : 'Save & Sync'}
        </Button>
      </div>
    </form>
  );
}
