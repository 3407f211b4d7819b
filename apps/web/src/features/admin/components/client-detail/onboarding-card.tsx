import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Pencil } from 'lucide-react';
import { EMPTY_ONBOARDING_DATA, type TWorkspaceSummary, type TOnboardingData } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useWorkspaceOnboarding } from '../../api/get-workspace-onboarding';
import { isSyncFailure, useSaveWorkspaceOnboarding } from '../../api/save-workspace-onboarding';
import { SectionCard } from '@/components/ui/section-card';
import { OnboardingDetails } from './onboarding-details';
import { OnboardingForm, type SaveMode } from './onboarding-form';

/**
 * View, then edit (a draft copy): Save or Save & Sync returns to view with the record reloaded;
 * Cancel discards the draft. A load failure reads as 'none'. If the save itself fails the draft
 * stays open so nothing typed is lost.
 */
export function OnboardingCard({ client }: { client: TWorkspaceSummary }) {
  const onboarding = useWorkspaceOnboarding(client.id);
  const saveOnboarding = useSaveWorkspaceOnboarding();
  const record = onboarding.isError ? null : (onboarding.data ?? null);
  const [draft, setDraft] = useState<TOnboardingData | null>(null);
  const saving: SaveMode | null = saveOnboarding.isPending ? (saveOnboarding.variables.sync ? 'sync' : 'save') : null;

  const startEdit = () =>
    setDraft(
      record
        ? { ...EMPTY_ONBOARDING_DATA, ...record.data, channels: [...record.data.channels] }
        : { ...EMPTY_ONBOARDING_DATA, email: client.owner, brand: client.name },
    );

  const save = (mode: SaveMode) => {
    if (!draft || saving) return;
    saveOnboarding.mutate(
      { id: client.id, data: draft, sync: mode === 'sync' },
      {
        onSuccess: () => {
          toast.success(mode === 'sync' ? 'Saved & synced to Airtable' : 'Onboarding updated');
          setDraft(null);
        },
        onError: (error) => {
          if (mode === 'sync' && isSyncFailure(error)) {
            // The record was saved; only the push to Airtable failed.
            toast.error('Sync failed', { description: errorMessage(error, 'Unknown error') });
            setDraft(null);
          } else {
            toast.error('Save failed', { description: errorMessage(error, 'Unknown error') });
          }
        },
      },
    );
  };

  return (
    <SectionCard
      title="Onboarding Details"
      actions={
        draft === null && !onboarding.isPending ? (
          <Button variant="secondary" size="sm" onClick={startEdit}>
            <Pencil className="size-3.5" aria-hidden /> Edit<span className="sr-only"> onboarding details</span>
          </Button>
        ) : null
      }
    >
      {draft ? (
        <OnboardingForm draft={draft} onChange={setDraft} onCancel={() => setDraft(null)} onSave={save} saving={saving} />
      ) : onboarding.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="grid gap-1.5">
              <Skeleton className="h-3 w-16" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </div>
      ) : record ? (
        <OnboardingDetails record={record} />
      ) : (
        <p className="text-sm text-slate-500">No onboarding captured yet.</p>
      )}
    </SectionCard>
  );
}
