import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { formatBytes } from '@hookline/shared';
import { errorMessage } from '@/lib/api-client';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useAuth } from '@/lib/auth/use-auth';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';

/** The Edit Profile dialog. The form mounts on each open, so its state starts from the current user. */
export default function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Your name and picture as your team sees them.">
      <ProfileForm onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

/**
 * Display name and photo URL, which an uploaded avatar fills in. Saving clears the error and the
 * 'Profile updated' notice first.
 */
function ProfileForm({ onClose }: { onClose: () => void }) {
  const { user } = useAuth();
  const maxBytes = useRuntimeConfig().data?.avatarMaxBytes;
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const [displayName, setDisplayName] = useState(user?.displayName ?? '');
  const [avatarUrl, setAvatarUrl] = useState(user?.photoURL ?? '');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saving = updateProfile.isPending;
  const uploading = uploadAvatar.isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    updateProfile.mutate(
      { displayName: displayName.trim() || null, photoURL: avatarUrl.trim() || null },
      {
        onSuccess: () => toast.success('Profile updated'),
        onError: (e) => setError(errorMessage(e, 'Failed to update profile')),
      },
    );
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !user) return;
    const clearInput = () => {
      if (fileInput.current) fileInput.current.value = '';
    };
    if (maxBytes && file.size > maxBytes) {
      setError(`Avatar must be ${formatBytes(maxBytes)} or smaller.`);
      return clearInput();
    }
    setError(null);
    setProgress(0);
    uploadAvatar.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: ({ url }) => setAvatarUrl(url),
        onError: (e) => setError(errorMessage(e, 'Failed to upload avatar')),
        onSettled: clearInput,
      },
    );
  };

  const initials = (displayName || user?.email || '?').trim().charAt(0).toUpperCase();
  return (
    <form onSubmit={save} className="grid gap-4">
      <div className="flex items-center gap-4">
        {avatarUrl ? (
          <img src={avatarUrl} alt="Avatar preview" className="size-16 rounded-full object-cover ring-2 ring-brand-100" />
        ) : (
          <span
            className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
            aria-hidden
          >
            {initials}
          </span>
        )}
        <dl className="min-w-0 text-sm">
          <dt className="sr-only">Email</dt>
          <dd className="truncate font-medium text-slate-900">{user?.email}</dd>
          <dt className="sr-only">UID</dt>
          <dd className="truncate text-xs text-slate-500">UID: {user?.uid}</dd>
        </dl>
      </div>
      <Field label="Display name" htmlFor="profile-name">
        <Input id="profile-name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} autoComplete="name" />
      </Field>
      <Field label="Photo URL" htmlFor="profile-photo">
        <Input id="profile-photo" value={avatarUrl} onChange={(e) => setAvatarUrl(e.target.value)} placeholder="https://…" />
      </Field>
      <Field
        label="Upload avatar"
        htmlFor="profile-avatar"
        hint={`JPEG, PNG, WebP, GIF or AVIF, up to ${formatBytes(maxBytes ?? 5 * 1024 * 1024)}.`}
      >
        <input
          ref={fileInput}
          id="profile-avatar"
          type="file"
          accept="image/*"
          onChange={chooseFile}
          disabled={uploading}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
        />
      </Field>
      {uploading ? (
        <div>
          <progress
            className="h-2 w-full overflow-hidden rounded accent-brand-600"
            value={progress}
            max={1}
            aria-label="Avatar upload progress"
          />
          <p className="mt-1 text-xs text-slate-500">Uploading… {Math.round(progress * 100)}%</p>
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {updateProfile.isSuccess ? <Alert tone="success">Profile updated</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
