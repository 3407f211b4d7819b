import { Paperclip } from 'lucide-react';
import { formatBytes, type TRequestAttachment } from '@hookline/shared';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';

/** What the client wrote when opening the request, and the files they attached (each opens in a new tab). */
export function RequestDetailsCard({
  description,
  attachments,
  loading,
}: {
  description: string | null;
  attachments: TRequestAttachment[];
  loading: boolean;
}) {
  return (
    <SectionCard title="Details">
      {loading ? (
        <SkeletonLines count={2} />
      ) : (
        <>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
            {description || <span className="text-slate-500">No description.</span>}
          </p>
          {attachments.length ? (
            <ul className="mt-4 grid gap-1.5" aria-label="Attachments">
              {attachments.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-brand-700 hover:underline"
                  >
                    <Paperclip className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{file.name}</span>
                    <span className="shrink-0 font-normal text-slate-500">{formatBytes(file.size)}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
