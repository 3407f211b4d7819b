import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Lock } from 'lucide-react';
import type { TAdminSettings } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useSaveSettings } from '../../api/save-settings';
import { SectionCard } from '@/components/ui/section-card';

/**
 * Contact and Access Control. brandHue has no field: it is sent back unchanged. Managers see the
 * values read-only (the server answers 403 to them anyway).
 */
export function SettingsForm({ initial, readOnly }: { initial: TAdminSettings; readOnly: boolean }) {
  const save = useSaveSettings();
  const onSave = (form: TAdminSettings) =>
    save.mutate(
      { ...form, brandHue: initial.brandHue },
      {
        onSuccess: () => toast.success('Settings saved'),
        onError: (error) => toast.error('Save failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );
  // The fields start again from the server's values whenever those change (a save, a reload).
  return <SettingsFields key={JSON.stringify(initial)} initial={initial} readOnly={readOnly} saving={save.isPending} onSave={onSave} />;
}

function SettingsFields({
  initial,
  readOnly,
  saving,
  onSave,
}: {
  initial: TAdminSettings;
  readOnly: boolean;
  saving: boolean;
  onSave: (form: TAdminSettings) => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!readOnly && !saving) onSave(form);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      {readOnly ? (
        <Alert tone="info">
          <span className="flex items-center gap-2">
            <Lock className="size-4 shrink-0" aria-hidden /> Only admins and founders can change settings.
          </span>
        </Alert>
      ) : null}
      <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
        <SectionCard title="Contact" description="Where clients reach you and where events are sent.">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Support email" htmlFor={`${id}-email`}>
              <Input
                id={`${id}-email`}
                type="email"
                value={form.supportEmail}
                onChange={(e) => setForm({ ...form, supportEmail: e.target.value })}
                autoComplete="off"
              />
            </Field>
            <Field
              label="Webhook URL"
              htmlFor={`${id}-webhook`}
              hint="Events are posted here as signed JSON. Leave empty to turn webhooks off."
            >
              <Input
                id={`${id}-webhook`}
                type="url"
                value={form.webhookUrl}
                onChange={(e) => setForm({ ...form, webhookUrl: e.target.value })}
                placeholder="https://example.com/hooks/hookline"
                autoComplete="off"
              />
            </Field>
          </div>
        </SectionCard>
        <SectionCard title="Access Control">
          <Checkbox
            label="Allow public signups"
            hint="When off, new accounts can only be created by staff."
            checked={form.allowSelfSignup}
            onChange={(e) => setForm({ ...form, allowSelfSignup: e.target.checked })}
          />
        </SectionCard>
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      )}
    </form>
  );
}
