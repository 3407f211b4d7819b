import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { TriangleAlert } from 'lucide-react';
import type { TWorkspace } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteWorkspaceDialog } from './delete-workspace-dialog';

/**
 * Delete workspace, behind a confirmation where the exact name must be typed. Only its owner may
 * delete it (the server refuses anyone else): staff working in it are told so instead of offered it.
 */
export function DangerZoneCard({ workspace }: { workspace: TWorkspace }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const owner = workspace.access === 'owner';

  return (
    <Card className="ring-red-200">
      <section aria-labelledby="danger-zone-heading" className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="danger-zone-heading" className="flex items-center gap-2 text-base font-semibold text-red-800">
            <TriangleAlert className="size-4" aria-hidden /> Danger zone
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {owner ? 'Delete ' : 'Only the client who owns it can delete '}
            <span className="font-medium text-slate-900">{workspace.name}</span> with all its drafts, channels and files.
          </p>
        </div>
        {owner ? (
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete workspace
          </Button>
        ) : null}
      </section>
      {owner ? (
        <DeleteWorkspaceDialog
          workspaceName={workspace.name}
          open={open}
          onOpenChange={setOpen}
          onDeleted={() => {
            setOpen(false);
            toast.success('Workspace deleted', { description: workspace.name });
            navigate('/dashboard');
          }}
        />
      ) : null}
    </Card>
  );
}
