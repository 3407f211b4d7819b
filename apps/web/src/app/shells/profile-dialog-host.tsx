import { lazy, Suspense } from 'react';
import { QueryRoot } from '../query-root';

// Loaded on first use so pages ship without the dialog code.
const EditProfileDialog = lazy(() => import('@/features/profile/components/edit-profile-dialog'));

export function ProfileDialogHost({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QueryRoot>
        <EditProfileDialog open onOpenChange={onOpenChange} />
      </QueryRoot>
    </Suspense>
  );
}
