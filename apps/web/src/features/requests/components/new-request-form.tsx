import { useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { CLIENT_REQUEST_TYPES, formatBytes, MAX_REQUEST_ATTACHMENTS, REQUEST_TYPE_LABELS, type TClientRequestType } from '@hookline/shared';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { SectionCard } from '@/components/ui/section-card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { requestKeys } from '../api/keys';
import { useOpenRequest } from '../api/open-request';
import { uploadAttachment } from '../api/upload-attachment';
import { ATTACHMENT_ACCEPT, CLIENT_TYPE_HINTS } from '../labels';

interface Upload {
  file: File;
  /** 0..1 while sending; null before. */
  progress: number | null;
}

/**
 * The New request form: type, subject, description and files. The request is opened first, then
 * its files are sent one by one with their progress; a file the server refuses does not undo the
 * request, and the toast names it.
 */
export function NewRequestForm({ id, onOpened, onCancel }: { id: string; onOpened: (requestId: string) => void; onCancel: () => void }) {
  const field = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const open = useOpenRequest();
  const [type, setType] = useState<TClientRequestType>('support');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const addFiles = (chosen: FileList | null) => {
    const files = [...(chosen ?? [])];
    setUploads((current) => {
      const room = MAX_REQUEST_ATTACHMENTS - current.length;
      if (files.length > room)
        toast.warning(`A request holds at most ${MAX_REQUEST_ATTACHMENTS} files`, { description: 'Some files were left out.' });
      return [...current, ...files.slice(0, Math.max(room, 0)).map((file) => ({ file, progress: null }))];
    });
    // The same file can be chosen again after it was removed.
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!subject.trim()) {
      setSubjectError('Add a subject, so the team knows what it is about.');
      return;
    }
    setSubjectError(null);
    setSending(true);
    try {
      const request = await open.mutateAsync({ type, subject: subject.trim(), description: description.trim() });
      const failed: string[] = [];
      for (const [index, { file }] of uploads.entries()) {
        const setProgress = (progress: number) =>
          setUploads((current) => current.map((upload, i) => (i === index ? { ...upload, progress } : upload)));
        setProgress(0);
        await uploadAttachment(request.id, file, setProgress).then(
          () => setProgress(1),
          (error: unknown) => failed.push(`${file.name}: ${errorMessage(error, 'upload failed')}`),
        );
      }
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      if (failed.length) toast.warning('Request sent, but some files were not attached', { description: failed.join('\n') });
      else toast.success('Request sent', { description: 'The Hookline team answers here and by mail.' });
      onOpened(request.id);
    } catch (error) {
      toast.error('Could not send the request', { description: errorMessage(error, 'Unknown error') });
      setSending(false);
    }
  };

  return (
    <SectionCard title="New request" description="The Hookline team answers here and by mail." className="mb-6">
      <form id={id} onSubmit={submit} className="grid gap-4" aria-busy={sending}>
        <fieldset disabled={sending} className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <div>
            <Label htmlFor={`${field}-type`}>Type</Label>
            <Select
              id={`${field}-type`}
              value={type}
              onChange={(event) => setType(event.target.value as TClientRequestType)}
              aria-describedby={`${field}-type-hint`}
              className="w-full"
            >
              {CLIENT_REQUEST_TYPES.map((value) => (
                <option key={value} value={value}>
                  {REQUEST_TYPE_LABELS[value]}
                </option>
              ))}
            </Select>
            <p id={`${field}-type-hint`} className="mt-1 text-xs text-slate-500">
              {CLIENT_TYPE_HINTS[type]}
            </p>
          </div>
          <div>
            <Label htmlFor={`${field}-subject`}>Subject</Label>
            <Input
              id={`${field}-subject`}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              maxLength={200}
              autoFocus
              aria-invalid={subjectError ? true : undefined}
              aria-describedby={subjectError ? `${field}-subject-error` : undefined}
            />
            {subjectError ? (
              <p id={`${field}-subject-error`} className="mt-1 text-xs text-red-700">
                {subjectError}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={`${field}-description`}>Description</Label>
            <Textarea
              id={`${field}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={5}
              maxLength={10_000}
              placeholder={type === 'content_brief' ? 'Topics, dates, links, the tone you want…' : 'What happened, and what you expected…'}
            />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={`${field}-files`}>Attachments</Label>
            <input
              ref={fileInput}
              id={`${field}-files`}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              onChange={(event) => addFiles(event.target.files)}
              aria-describedby={`${field}-files-hint`}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
            <p id={`${field}-files-hint`} className="mt-1 text-xs text-slate-500">
              Up to {MAX_REQUEST_ATTACHMENTS} files: images, PDFs, videos, Word, Excel or PowerPoint documents.
            </p>
          </div>
        </fieldset>
        {uploads.length ? (
          <ul className="grid gap-2" aria-label="Files to attach">
            {uploads.map(({ file, progress }, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
                <span className="shrink-0 text-xs text-slate-500">{formatBytes(file.size)}</span>
                {progress === null ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${file.name}`}
                    disabled={sending}
                    onClick={() => setUploads((current) => current.filter((_, i) => i !== index))}
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                ) : (
                  <progress className="h-2 w-24 shrink-0 accent-brand-600" value={progress} max={1} aria-label={`Uploading ${file.name}`} />
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send request'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
