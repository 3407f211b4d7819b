import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Copy, Eye, EyeOff, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useWebhookSecret } from '../../api/get-webhook-secret';
import { useRotateWebhookSecret } from '../../api/rotate-webhook-secret';

/** The signing secret, masked until revealed, with Copy and Rotate (after a confirmation). */
export function WebhookSecret() {
  const secret = useWebhookSecret(true);
  const rotation = useRotateWebhookSecret();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const rotate = () =>
    rotation.mutate(undefined, {
      onSuccess: () => toast.success('Secret rotated', { description: 'Update every receiver with the new secret.' }),
      onError: (error) => toast.error('Rotate failed', { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => setConfirming(false),
    });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.data?.secret ?? '');
      toast.success('Secret copied');
    } catch {
      toast.error('Copy failed', { description: 'Reveal the secret and copy it by hand.' });
    }
  };

  if (secret.isPending) return <Skeleton className="h-10 w-full" />;
  if (secret.isError) return <p className="text-sm text-red-700">Could not load the signing secret: {secret.error.message}</p>;

  const value = secret.data.secret;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium text-slate-700" id="webhook-secret-label">
        Signing secret
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-labelledby="webhook-secret-label"
          className="min-w-0 flex-1 truncate rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-800"
          title={revealed ? value : undefined}
        >
          {revealed ? value : '•'.repeat(24)}
        </code>
        <Button variant="secondary" size="sm" aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
          {revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          <RotateCw className="size-4" aria-hidden /> Rotate
        </Button>
      </div>
      <p className="text-xs text-slate-500">Receivers verify each delivery's signature with this secret.</p>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate signing secret?"
        description="The current secret stops working at once. Every receiver must switch to the new one."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={rotate} disabled={rotation.isPending}>
            {rotation.isPending ? 'Rotating…' : 'Rotate secret'}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
