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
import { updateProfile } from '../api/update-profile';
import { uploadAvatar } from '../api/upload-avatar';

/** SPEC: Edit Profile dialog. The form mounts on each open, so its state starts from the current user. */
export default function EditProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Your name and picture as your team sees them.">
      <ProfileForm onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** SPEC: Profile dialog state (display name, avatar URL, saving, uploading, error, saved). */
function ProfileForm({ onClose }: { onClose: () => void }) {
  const { user, refresh } = useAuth();
  const maxBytes = useRuntimeConfig().data?.avatarMaxBytes;
  const [displayName, setDisplayName] = useState(user?.displayName ?? '');
  const [avatarUrl, setAvatarUrl] = useState(user?.photoURL ?? '');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      await updateProfile({ displayName: displayName.trim() || null, photoURL: avatarUrl.trim() || null });
      await refresh().catch(() => undefined);
      setSaved(true);
      toast.success('Profile updated');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update profile'));
    } finally {
      setSaving(false);
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !user) return;
    setError(null);
    try {
      if (maxBytes && file.size > maxBytes) throw new Error(`Avatar must be ${formatBytes(maxBytes)} or smaller.`);
      setUploading(0);
      const { url } = await uploadAvatar(file, setUploading);
      setAvatarUrl(url);
    } catch (e) {
      setError(errorMessage(e, 'Failed to upload avatar'));
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
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
          disabled={uploading !== null}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
        />
      </Field>
      {uploading !== null ? (
        <div>
          <progress
            className="h-2 w-full overflow-hidden rounded accent-brand-600"
            value={uploading}
            max={1}
            aria-label="Avatar upload progress"
          />
          <p className="mt-1 text-xs text-slate-500">Uploading… {Math.round(uploading * 100)}%</p>
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {saved ? <Alert tone="success">Profile updated</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={saving || uploading !== null}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
