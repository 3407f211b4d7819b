import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TDraft } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { useUpdateDraft } from '@/features/content/api/update-draft';
import { errorMessage } from '@/lib/api-client';
import { zonedLocalDateTime } from '@/lib/zoned-time';
import { canMove, postTime } from '../calendar-days';
import { PostDetails, postName } from './post-details';

/** Its words can still change until the scheduler takes it. */
const canEdit = (post: TDraft) => post.status !== 'publishing' && post.status !== 'published';

/**
 * A post of the dashboard's calendar, opened from its chip: its details, its text to edit, and the
 * keyboard's way to move it (a date and time in the calendar's zone, and Save). `move` resolves
 * once the server has moved it and rejects with the server's words.
 */
export function MovePostDialog({
  post,
  timeZone,
  onClose,
  move,
  onSaved,
}: {
  post: TDraft;
  timeZone: string;
  onClose: () => void;
  move: (post: TDraft, local: string) => Promise<unknown>;
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const at = postTime(post);
  const [local, setLocal] = useState(at ? zonedLocalDateTime(new Date(at), timeZone) : '');
  const [text, setText] = useState(post.text);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDraft(post.id);
  const movable = canMove(post);
  const editable = canEdit(post);

  const submitMove = async (event: FormEvent) => {
    event.preventDefault();
    if (!local || moving) return;
    setMoving(true);
    setError(null);
    try {
      await move(post, local.slice(0, 16));
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, 'Could not move the post.'));
    } finally {
      setMoving(false);
    }
  };

  const saveText = () => {
    setError(null);
    update.mutate(
      { text },
      { onSuccess: () => onSaved('Text saved.'), onError: (caught) => setError(errorMessage(caught, 'Could not save the text.')) },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={postName(post)}>
      <PostDetails
        post={post}
        timeZone={timeZone}
        text={
          editable ? (
            <div>
              <Label htmlFor={`${id}-text`}>Text</Label>
              <Textarea id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} rows={5} maxLength={10_000} />
              <div className="mt-2 flex justify-end">
                <Button size="sm" variant="secondary" onClick={saveText} disabled={update.isPending || text === post.text}>
                  {update.isPending ? 'Saving…' : 'Save text'}
                </Button>
              </div>
            </div>
          ) : undefined
        }
      />
      {movable ? (
        <form onSubmit={submitMove} className="mt-5 grid gap-2 border-t border-slate-100 pt-5" aria-label="Move post">
          <Label htmlFor={`${id}-move`} className="mb-0">
            Move to
          </Label>
          <p id={`${id}-zone`} className="text-xs text-slate-500">
            Date and time in {timeZone.replaceAll('_', ' ')}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-move`}
              type="datetime-local"
              required
              value={local}
              onChange={(event) => setLocal(event.target.value)}
              aria-describedby={`${id}-zone`}
              className="w-auto flex-1"
            />
            <Button type="submit" disabled={moving}>
              {moving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <div className="mt-5 flex justify-end">
        <Link to="/dashboard/content" className={buttonClasses('ghost', 'sm')}>
          Edit in Content
        </Link>
      </div>
    </Dialog>
  );
}
