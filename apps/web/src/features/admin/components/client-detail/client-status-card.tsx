import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import {
  WORKSPACE_STATUSES,
  PLAN_KINDS,
  SELF_SERVE_MONTHLY_USD,
  type TWorkspaceSummary,
  type TWorkspaceStatus,
  type TPlanKind,
  type TAdminUpdateWorkspaceRequest,
} from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useAdminUpdateWorkspace } from '../../api/admin-update-workspace';
import { formatUsd, sentenceCase } from '../../format';
import { SectionCard } from '@/components/ui/section-card';
import { ClientStatusBadge } from '../shared/status-badges';
import { PLAN_LABELS } from './plan-labels';

const planPrice = (client: Pick<TWorkspaceSummary, 'plan' | 'planMonthlyUsd'>) =>
  client.plan === 'self_serve' ? SELF_SERVE_MONTHLY_USD : client.planMonthlyUsd;

/** Status badge and plan, with a form to change them (PATCH). */
export function ClientStatusCard({ client }: { client: TWorkspaceSummary }) {
  const update = useAdminUpdateWorkspace();
  const price = planPrice(client);

  const save = (input: TAdminUpdateWorkspaceRequest) =>
    update.mutate(
      { id: client.id, input },
      {
        onSuccess: (updated) => {
          const updatedPrice = planPrice(updated);
          toast.success('Client updated', {
            description: `${sentenceCase(updated.status)} · ${PLAN_LABELS[updated.plan]}${updatedPrice === null ? '' : ` ${formatUsd(updatedPrice)}/mo`}`,
          });
        },
        onError: (error) => toast.error('Update failed', { description: errorMessage(error, 'Unknown error') }),
      },
    );

  return (
    <SectionCard title="Status" actions={<ClientStatusBadge status={client.status} />}>
      <p className="mb-4 text-sm text-slate-600">
        <span className="font-medium text-slate-900">{PLAN_LABELS[client.plan]}</span>
        {price === null ? ' · amount not set' : ` · ${formatUsd(price)}/mo`}
      </p>
      {/* Starts again from the saved values after each change. */}
      <StatusPlanForm
        key={`${client.status}:${client.plan}:${client.planMonthlyUsd}`}
        client={client}
        saving={update.isPending}
        onSave={save}
      />
    </SectionCard>
  );
}

function StatusPlanForm({
  client,
  saving,
  onSave,
}: {
  client: TWorkspaceSummary;
  saving: boolean;
  onSave: (input: TAdminUpdateWorkspaceRequest) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<TWorkspaceStatus>(client.status);
  const [plan, setPlan] = useState<TPlanKind>(client.plan);
  const [amount, setAmount] = useState(client.planMonthlyUsd === null ? '' : String(client.planMonthlyUsd));

  const negotiated = plan !== 'self_serve';
  const monthly = negotiated && amount.trim() !== '' ? Math.round(Number(amount)) : null;
  const changed = status !== client.status || plan !== client.plan || (negotiated && monthly !== client.planMonthlyUsd);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && !saving) onSave({ status, plan, planMonthlyUsd: negotiated ? monthly : null });
  };

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Change status and plan">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Status" htmlFor={`${id}-status`}>
          <Select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as TWorkspaceStatus)} className="w-full">
            {WORKSPACE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {sentenceCase(value)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Plan" htmlFor={`${id}-plan`}>
          <Select id={`${id}-plan`} value={plan} onChange={(e) => setPlan(e.target.value as TPlanKind)} className="w-full">
            {PLAN_KINDS.map((value) => (
              <option key={value} value={value}>
                {PLAN_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {negotiated ? (
        <Field label="Monthly amount (USD)" htmlFor={`${id}-amount`}>
          <Input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="2000"
          />
        </Field>
      ) : (
        <p className="text-xs text-slate-500">Self-Serve is billed at the list price of {formatUsd(SELF_SERVE_MONTHLY_USD)}/mo.</p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!changed || saving}>
          {saving ? 'Saving…' : 'Update'}
        </Button>
      </div>
    </form>
  );
}
