import { useId, type FormEvent } from 'react';
import type { TOnboardingData } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { ChannelPicker } from '@/components/channel-picker';
import { Field, Input, Textarea } from '@/components/ui/input';
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
            <ChannelPicker
              key={key}
              legend={label}
              value={draft.channels}
              onChange={(channels) => onChange({ ...draft, channels })}
              className="sm:col-span-2"
            />
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
