import { useQueryClient } from '@tanstack/react-query';
import type { TClipJobResponse, TDraft, TDraftChannel } from '@hookline/shared';
import { useState } from 'react';
import { clientDataKeys } from '@/lib/client-data/keys';
import { clipperErrorMessage } from '../api/clipper-error';
import { createClipDraft, createClipDrafts, DRAFT_FAILED_MESSAGE } from '../api/create-clip-drafts';
import { getClipJob } from '../api/get-clip-job';

/** One clip's draft: none yet (with why the last try failed), on its way, or made. */
export type ClipDraftState = { phase: 'none'; error?: string } | { phase: 'creating' } | { phase: 'created'; draftId: string };

/** "Create drafts for all": not asked, on its way, how many new drafts it made, or why it failed. */
export type AllDraftsState =
  { phase: 'idle' } | { phase: 'creating' } | { phase: 'done'; created: number } | { phase: 'failed'; error: string };

type DraftStates = Readonly<Record<number, ClipDraftState>>;

const initialStates = (result: TClipJobResponse): DraftStates =>
  Object.fromEntries(
    result.clips.map((clip) => [clip.clip_number, clip.draft_id ? { phase: 'created', draftId: clip.draft_id } : { phase: 'none' }]),
  );

/**
 * The drafts made from a finished job's clips, one at a time or all at once. A clip that already had
 * its draft starts as made. A failure keeps every draft made before it (asking the job which clips
 * have one when "all" failed part way); the Content page and the overview reload their drafts after
 * each success.
 */
export function useClipDrafts(baseUrl: string, result: TClipJobResponse) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<DraftStates>(() => initialStates(result));
  const [all, setAll] = useState<AllDraftsState>({ phase: 'idle' });

  const setClips = (numbers: number[], state: (clipNumber: number) => ClipDraftState) =>
    setStates((current) => ({ ...current, ...Object.fromEntries(numbers.map((n) => [n, state(n)])) }));

  const reloadDrafts = () => void queryClient.invalidateQueries({ queryKey: clientDataKeys.drafts });

  const createOne = (clipNumber: number, channel: TDraftChannel) => {
    setClips([clipNumber], () => ({ phase: 'creating' }));
    createClipDraft(baseUrl, result.job_id, clipNumber, channel).then(
      (draft) => {
        setClips([clipNumber], () => ({ phase: 'created', draftId: draft.id }));
        reloadDrafts();
      },
      (error: unknown) => setClips([clipNumber], () => ({ phase: 'none', error: clipperErrorMessage(error, DRAFT_FAILED_MESSAGE) })),
    );
  };

  const createAll = (channel: TDraftChannel) => {
    const clipNumbers = result.clips.map((clip) => clip.clip_number);
    const waiting = clipNumbers.filter((n) => states[n]?.phase !== 'created');
    setAll({ phase: 'creating' });
    setClips(waiting, () => ({ phase: 'creating' }));
    createClipDrafts(baseUrl, result.job_id, channel).then(
      (drafts: TDraft[]) => {
        // The server answers every clip's draft in the clips' order, those made before included; a
        // clip whose draft was deleted meanwhile (in Content) gets a new one, counted as new here too.
        const draftOf = new Map(clipNumbers.map((n, index): [number, TDraft | undefined] => [n, drafts[index]]));
        const known = (n: number) => {
          const state = states[n];
          return state?.phase === 'created' ? state.draftId : null;
        };
        setClips(clipNumbers, (n) => {
          const draft = draftOf.get(n);
          return draft ? { phase: 'created', draftId: draft.id } : { phase: 'none' };
        });
        setAll({ phase: 'done', created: clipNumbers.filter((n) => draftOf.get(n) && draftOf.get(n)?.id !== known(n)).length });
        reloadDrafts();
      },
      (error: unknown) => {
        setAll({ phase: 'failed', error: clipperErrorMessage(error, DRAFT_FAILED_MESSAGE) });
        // The server makes the drafts one by one and keeps those made before a failure: the job's
        // result says which clips have one now.
        getClipJob(baseUrl, result.job_id).then(
          (latest) => {
            const draftIds = new Map(latest.result?.clips.map((clip) => [clip.clip_number, clip.draft_id]));
            setClips(waiting, (n) => {
              const draftId = draftIds.get(n);
              return draftId ? { phase: 'created', draftId } : { phase: 'none' };
            });
            if (waiting.some((n) => draftIds.get(n))) reloadDrafts();
          },
          () => setClips(waiting, () => ({ phase: 'none' })),
        );
      },
    );
  };

  const clipStates = result.clips.map((clip) => states[clip.clip_number] ?? { phase: 'none' });
  return {
    states,
    all,
    /** Whether any draft is on its way: the buttons wait, so one clip is never asked for twice at once. */
    busy: clipStates.some((state) => state.phase === 'creating'),
    /** Whether every clip has its draft. */
    complete: clipStates.every((state) => state.phase === 'created'),
    createOne,
    createAll,
  };
}
