import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/use-auth';
import { useSettings } from '../api/get-settings';
import { PageHeader } from '../components/shared/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { DEFAULT_SETTINGS } from '../components/settings/settings-defaults';
import { SettingsForm } from '../components/settings/settings-form';
import { TeamSection } from '../components/settings/team-section';
import { WebhookDeliveries } from '../components/settings/webhook-deliveries';
import { WebhookSecret } from '../components/settings/webhook-secret';

export default function SettingsPage() {
  const { user, isFounder } = useAuth();
  const canEdit = user?.role === 'admin' || isFounder;
  const settings = useSettings();
  // A load error shows the defaults and a banner.
  const initial = settings.isError ? DEFAULT_SETTINGS : settings.data;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Settings" subtitle="Brand, webhooks, access control, and more." />
      <div className="grid gap-6">
        {settings.isError ? <Alert tone="warning">Using defaults — API error: {settings.error.message}</Alert> : null}
        {initial ? (
          <SettingsForm initial={initial} readOnly={!canEdit} />
        ) : (
          <SectionCard title="Contact">
            <Skeleton className="h-24 w-full" />
          </SectionCard>
        )}
        {canEdit ? (
          <SectionCard title="Webhooks" description="Every delivery is signed so receivers can check it came from Hookline.">
            <div className="grid gap-6">
              <WebhookSecret />
              <WebhookDeliveries />
            </div>
          </SectionCard>
        ) : null}
        {isFounder ? <TeamSection /> : null}
      </div>
    </div>
  );
}
