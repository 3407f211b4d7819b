import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { connectSocialChannelPath } from '../api/connect-social-channel';

/**
 * Asks which Mastodon server the account is on, then goes there to sign in: Hookline registers
 * itself with each server, so the server has to be known before the trip starts.
 */
export function MastodonConnectForm({ id, returnTo, onCancel }: { id: string; returnTo: string; onCancel: () => void }) {
  const fieldId = useId();
  const [instance, setInstance] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const server = instance.trim();
    if (server) window.location.assign(connectSocialChannelPath('mastodon', returnTo, server));
  };

  return (
    <form
      id={id}
      onSubmit={submit}
      noValidate
      aria-label="Connect a Mastodon account"
      className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3"
    >
      <Field label="Mastodon server" htmlFor={fieldId}>
        <Input
          id={fieldId}
          value={instance}
          onChange={(event) => setInstance(event.target.value)}
          placeholder="mastodon.social"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${fieldId}-hint`}
          required
          autoFocus
        />
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-500">
          The server your account is on, as in your handle: @you@mastodon.social.
        </p>
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!instance.trim()}>
          Continue to Mastodon
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
