import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { MAX_POSTING_SLOTS, type TPostingSlot, type TUpdateWorkspaceRequest, type TWorkspace } from '@hookline/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { SectionCard, SkeletonLines } from '@/components/ui/section-card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { managesWorkspace, onlyManagersNote } from '@/lib/only-managers';
import { toast } from '@/lib/toast';
import { browserTimeZone } from '@/lib/zoned-time';
import { usePostingSlots } from '../api/get-posting-slots';
import { useReplacePostingSlots } from '../api/replace-posting-slots';
import { useUpdateWorkspace } from '../api/update-workspace';

/** ISO weekdays: index 0 is weekday 1 (Monday). */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MAX_HOLD_MINUTES = 10_080;

const bySlotOrder = (a: TPostingSlot, b: TPostingSlot) => a.weekday - b.weekday || a.time.localeCompare(b.time);
const slotName = (slot: TPostingSlot) => `${WEEKDAYS[slot.weekday - 1]} ${slot.time}`;

/**
 * Settings' Publishing: the weekly posting slots Queue fills, and what happens to posts that fell due
 * while Hookline was not running. The owner and staff change them; a teammate sees them read-only,
 * with who changes them.
 */
export function PublishingCard({ workspace }: { workspace: TWorkspace }) {
  const canManage = managesWorkspace(workspace);
  return (
    <SectionCard title="Publishing" description="When queued posts go out, and what happens to posts that are late.">
      <div className="grid gap-6">
        <PostingSlots workspace={workspace} canManage={canManage} />
        <LatePosts key={String(workspace.holdLateMinutes)} workspace={workspace} canManage={canManage} />
        {canManage ? null : <p className="text-sm text-slate-500">{onlyManagersNote(workspace.name, 'change publishing settings')}</p>}
      </div>
    </SectionCard>
  );
}

function PostingSlots({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const saved = usePostingSlots();
  if (saved.isPending)
    return (
      <div role="status">
        <span className="sr-only">Loading posting slots…</span>
        <SkeletonLines count={3} />
      </div>
    );
  if (saved.isError) return <Alert tone="error">Could not load the posting slots: {saved.error.message}</Alert>;
  // The form starts again from the server's week whenever it changes (a save, a reload).
  return <PostingSlotsForm key={JSON.stringify(saved.data.slots)} saved={saved.data.slots} workspace={workspace} canManage={canManage} />;
}

function PostingSlotsForm({ saved, workspace, canManage }: { saved: TPostingSlot[]; workspace: TWorkspace; canManage: boolean }) {
  const id = useId();
  const replace = useReplacePostingSlots();
  const update = useUpdateWorkspace();
  const [slots, setSlots] = useState(saved);
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState('09:00');
  const [notice, setNotice] = useState('');
  // After a remove, focus goes to the remove button that took its place (or the last, or the weekday picker).
  const focusAfterRemove = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const weekdayRef = useRef<HTMLSelectElement>(null);
  const saving = replace.isPending || update.isPending;
  // The server reads slots in the workspace's zone, else UTC. A manager's save first gives the
  // workspace their own zone, so the slots mean what they see here.
  const zoneToSet = workspace.timeZone === null && canManage ? browserTimeZone() : null;
  const zone = workspace.timeZone ?? zoneToSet ?? 'UTC';

  useEffect(() => {
    if (focusAfterRemove.current === null) return;
    const buttons = listRef.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(focusAfterRemove.current, buttons.length - 1)] ?? weekdayRef.current)?.focus();
    focusAfterRemove.current = null;
  }, [slots]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const slot = { weekday, time };
    if (!/^\d{2}:\d{2}$/.test(time)) setNotice('Enter a time, such as 09:30.');
    else if (slots.some((other) => bySlotOrder(other, slot) === 0)) setNotice(`${slotName(slot)} is already in the week.`);
    else if (slots.length >= MAX_POSTING_SLOTS) setNotice(`A week has at most ${MAX_POSTING_SLOTS} posting slots.`);
    else {
      setSlots([...slots, slot].sort(bySlotOrder));
      setNotice(`Added ${slotName(slot)}. Save to keep it.`);
    }
  };

  const remove = (index: number) => {
    setNotice(`Removed ${slotName(slots[index])}. Save to keep the change.`);
    setSlots(slots.filter((_, other) => other !== index));
    focusAfterRemove.current = index;
  };

  const save = async () => {
    try {
      if (zoneToSet) await update.mutateAsync({ timeZone: zoneToSet });
      await replace.mutateAsync({ slots });
      toast.success(
        'Posting slots saved',
        zoneToSet
          ? { description: `The workspace's time zone is now ${zoneToSet}: its slots and schedules use it for everyone.` }
          : undefined,
      );
    } catch (error) {
      toast.error('Save failed', { description: errorMessage(error, 'Unknown error') });
    }
  };

  return (
    <div className="grid gap-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Posting slots</h3>
        <p className="mt-0.5 text-sm text-slate-600">
          Queue puts a post in the next free slot for its channel; without slots, one hour ahead. Times are in {zone}.
          {zoneToSet ? ` This workspace has no time zone yet: saving sets it to ${zoneToSet}.` : null}
        </p>
      </div>
      {slots.length === 0 ? (
        <p className="text-sm text-slate-500">No posting slots yet.</p>
      ) : (
        <ul ref={listRef} aria-label="Posting slots" className="grid gap-2">
          {WEEKDAYS.map((name, dayIndex) => {
            const times = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => slot.weekday === dayIndex + 1);
            if (times.length === 0) return null;
            return (
              <li key={name} className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
                <span className="w-24 shrink-0 text-sm font-medium text-slate-700">{name}</span>
                <ul aria-label={name} className="flex flex-wrap gap-2">
                  {times.map(({ slot, index }) => (
                    <li
                      key={slot.time}
                      className={cn(
                        'inline-flex h-8 items-center gap-1 rounded-full bg-slate-100 pl-3 text-sm tabular-nums text-slate-800',
                        canManage ? 'pr-1' : 'pr-3',
                      )}
                    >
                      {slot.time}
                      {canManage ? (
                        <button
                          type="button"
                          aria-label={`Remove ${slotName(slot)}`}
                          onClick={() => remove(index)}
                          className="grid size-7 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                        >
                          <X className="size-3.5" aria-hidden />
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {canManage ? (
        <>
          <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-3">
            <div className="w-full sm:w-44">
              <Label htmlFor={`${id}-weekday`}>Weekday</Label>
              <Select
                ref={weekdayRef}
                id={`${id}-weekday`}
                className="w-full"
                value={weekday}
                onChange={(event) => setWeekday(Number(event.target.value))}
              >
                {WEEKDAYS.map((name, index) => (
                  <option key={name} value={index + 1}>
                    {name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="w-full sm:w-36">
              <Label htmlFor={`${id}-time`}>Time</Label>
              <Input id={`${id}-time`} type="time" required value={time} onChange={(event) => setTime(event.target.value)} />
            </div>
            <Button type="submit" variant="secondary">
              Add slot
            </Button>
          </form>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="min-w-0 flex-1 text-sm text-slate-600">
              {notice}
            </p>
            <Button onClick={() => void save()} disabled={saving} className="ml-auto">
              {saving ? 'Saving…' : 'Save slots'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function LatePosts({ workspace, canManage }: { workspace: TWorkspace; canManage: boolean }) {
  const id = useId();
  const update = useUpdateWorkspace();
  const [hold, setHold] = useState(workspace.holdLateMinutes !== null);
  const [minutes, setMinutes] = useState(String(workspace.holdLateMinutes ?? 60));
  const [error, setError] = useState<string | null>(null);
  const minutesRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limit = Number(minutes);
    if (hold && !(Number.isInteger(limit) && limit >= 1 && limit <= MAX_HOLD_MINUTES)) {
      setError(`Enter a whole number of minutes from 1 to ${MAX_HOLD_MINUTES} (a week).`);
      minutesRef.current?.focus();
      return;
    }
    setError(null);
    const input: TUpdateWorkspaceRequest = { holdLateMinutes: hold ? limit : null };
    update.mutate(input, {
      onSuccess: (saved) =>
        toast.success(
          saved.holdLateMinutes === null
            ? 'Late posts will be published when Hookline is back'
            : `Posts more than ${saved.holdLateMinutes} minutes late will be held for you`,
        ),
      onError: (failure) => toast.error('Save failed', { description: errorMessage(failure, 'Unknown error') }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-slate-200 pt-6">
      <fieldset disabled={!canManage} className="grid gap-3" aria-describedby={`${id}-hint`}>
        <legend className="text-sm font-semibold text-slate-900">Late posts</legend>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          A post is late when Hookline was not running at its time (an update, an outage) and comes back after it.
        </p>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="radio"
            name={`${id}-late`}
            checked={!hold}
            onChange={() => setHold(false)}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          Publish them when Hookline is back
        </label>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="radio"
            name={`${id}-late`}
            checked={hold}
            onChange={() => setHold(true)}
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          Hold posts more than {minutes || 'N'} minutes late for me to decide
        </label>
        <div className="pl-7">
          <Label htmlFor={`${id}-minutes`}>Minutes late before a post is held</Label>
          <Input
            ref={minutesRef}
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_HOLD_MINUTES}
            step={1}
            className="w-32"
            disabled={!hold || !canManage}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        {canManage ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save late posts'}
            </Button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}
