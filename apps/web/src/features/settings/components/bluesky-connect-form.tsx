import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useConnectBluesky } from '../api/connect-bluesky';

/**
 * Connects a Bluesky account with its handle and an app password (Bluesky has no OAuth client to
 * register). Bluesky's own reason for a refusal is shown under the form. `handle` fills the handle
 * in when the form reconnects an account.
 */
export function BlueskyConnectForm({ id, handle = '', onDone }: { id: string; handle?: string; onDone: () => void }) {
  const fieldId = useId();
  const connect = useConnectBluesky();
  const [identifier, setIdentifier] = useState(handle);
  const [appPassword, setAppPassword] = useState('');
  const [service, setService] = useState('');
  const ready = identifier.trim() !== '' && appPassword.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || connect.isPending) return;
    connect.mutate(
      { identifier: identifier.trim(), appPassword, ...(service.trim() ? { service: service.trim() } : {}) },
      {
        onSuccess: (connection) => {
          toast.success('Bluesky channel connected.', { description: connection.handle });
          onDone();
        },
      },
    );
  };

  return (
    <form
      id={id}
      onSubmit={submit}
      noValidate
      aria-label="Connect a Bluesky account"
      className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Handle" htmlFor={`${fieldId}-handle`}>
          <Input
            id={`${fieldId}-handle`}
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            placeholder="you.bsky.social"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus={!handle}
          />
        </Field>
        <Field label="App password" htmlFor={`${fieldId}-password`}>
          <Input
            id={`${fieldId}-password`}
            type="password"
            value={appPassword}
            onChange={(event) => setAppPassword(event.target.value)}
            autoComplete="off"
            aria-describedby={`${fieldId}-password-hint`}
            required
            autoFocus={Boolean(handle)}
          />
          <p id={`${fieldId}-password-hint`} className="mt-1 text-xs text-slate-500">
            Create one on Bluesky under Settings → Privacy and security → App passwords.
          </p>
        </Field>
      </div>
      <Field label="Server (leave empty for bsky.social)" htmlFor={`${fieldId}-service`}>
        <Input
          id={`${fieldId}-service`}
          value={service}
          onChange={(event) => setService(event.target.value)}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      {connect.isError ? <Alert tone="error">Could not connect: {errorMessage(connect.error, 'Unknown error')}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ready || connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect Bluesky account'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={connect.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
