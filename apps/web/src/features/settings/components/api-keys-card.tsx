import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import type { TApiKey, TCreatedApiKey, TWorkspace } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { errorMessage } from '@/lib/api-client';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';
import { toast } from '@/lib/toast';
import { browserTimeZone, formatFull, formatWhen } from '@/lib/zoned-time';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** The longest name the server takes. */
const NAME_MAX = 80;

/**
 * Settings' API keys: keys that let a script or a tool such as n8n draft and schedule posts in the
 * workspace. The owner and staff list, create and revoke them; a new key is shown once, to copy. A
 * teammate is told who manages them.
 */
export function ApiKeysCard({ workspace }: { workspace: TWorkspace }) {
  const canManage = managesWorkspace(workspace);
  const timeZone = workspace.timeZone ?? browserTimeZone();
  const keys = useApiKeys(canManage);
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);

  const confirmRevoke = (key: TApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () => {
        toast.success('API key revoked', { description: `${key.name} no longer works.` });
        if (created?.id === key.id) setCreated(null);
      },
      onError: (error) => toast.error('Revoke failed', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setRevoking(null),
    });

  return (
    <SectionCard
      title="API keys"
      description={
        <>
          Let a script or a tool such as n8n or Zapier create, edit, queue and schedule drafts in {workspace.name}. A key never approves or
          changes settings. The routes it may call are in the{' '}
          <a href="/api/docs" className="font-medium text-brand-700 underline hover:text-brand-800">
            API documentation
          </a>
          .
        </>
      }
    >
      {!canManage ? (
        <p className="text-sm text-slate-500">{onlyManagersNote(workspace.name, 'create or revoke API keys')}</p>
      ) : (
        <div className="grid gap-5">
          {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
          {keys.isPending ? (
            <div role="status">
              <span className="sr-only">Loading API keys…</span>
              <SkeletonLines count={2} />
            </div>
          ) : keys.isError ? (
            <Alert tone="error">Could not load the API keys: {keys.error.message}</Alert>
          ) : keys.data.keys.length === 0 ? (
            <p className="text-sm text-slate-500">No API keys yet.</p>
          ) : (
            <ul aria-label="API keys" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {keys.data.keys.map((key) => (
                <KeyRow key={key.id} apiKey={key} timeZone={timeZone} onRevoke={() => setRevoking(key)} />
              ))}
            </ul>
          )}
          <CreateForm onCreated={setCreated} />
        </div>
      )}
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !revoke.isPending && setRevoking(null)}
        title="Revoke API key?"
        description={
          revoking ? `${revoking.name} (${revoking.prefix}…) stops working at once. Anything still using it gets refused.` : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button variant="danger" disabled={revoke.isPending || !revoking} onClick={() => revoking && confirmRevoke(revoking)}>
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </Button>
        </div>
      </Dialog>
    </SectionCard>
  );
}

function KeyRow({ apiKey, timeZone, onRevoke }: { apiKey: TApiKey; timeZone: string; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" aria-label={apiKey.name}>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
          <KeyRound className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{apiKey.name}</span>
          <code className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{apiKey.prefix}…</code>
        </p>
        <p className="text-xs text-slate-500">
          Created <time title={formatFull(apiKey.createdAt, timeZone)}>{formatWhen(apiKey.createdAt, timeZone)}</time> by {apiKey.createdBy}{' '}
          ·{' '}
          {apiKey.lastUsedAt ? (
            <>
              last used <time title={formatFull(apiKey.lastUsedAt, timeZone)}>{formatWhen(apiKey.lastUsedAt, timeZone)}</time>
            </>
          ) : (
            'never used'
          )}
        </p>
      </div>
      <Button size="sm" variant="ghost" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
        <Trash2 className="size-4" aria-hidden /> Revoke
      </Button>
    </li>
  );
}

/** The key just created, the one time it can be seen: selected for copying, with a warning. */
function NewKey({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // Focus lands on the key, so keyboard and screen-reader users find it at once.
  useEffect(() => {
    field.current?.focus();
  }, [created.key]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success('API key copied');
    } catch {
      toast.error('Copy failed', { description: 'Select the key and copy it by hand.' });
    }
  };

  return (
    <div className="grid gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p id={`${id}-warning`} role="status" className="text-sm font-medium text-amber-900">
        Copy the key for “{created.name}” now: it will not be shown again.
      </p>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="New API key" htmlFor={`${id}-key`}>
          <Input
            id={`${id}-key`}
            ref={field}
            aria-describedby={`${id}-warning`}
            readOnly
            value={created.key}
            spellCheck={false}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
        </Field>
        <Button variant="secondary" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: TCreatedApiKey) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || create.isPending) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (created) => {
          onCreated(created);
          setName('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-700">Create an API key</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="Key name" htmlFor={`${id}-name`}>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            maxLength={NAME_MAX}
            aria-describedby={`${id}-hint`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          <KeyRound className="size-4" aria-hidden /> {create.isPending ? 'Creating…' : 'Create key'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Name it after what will use it, such as n8n or Blog to LinkedIn.
      </p>
      {create.isError ? <Alert tone="error">{errorMessage(create.error, 'The key could not be created.')}</Alert> : null}
    </form>
  );
}
