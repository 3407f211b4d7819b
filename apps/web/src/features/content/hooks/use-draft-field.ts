import { useRef, useState } from 'react';
import type { TDraft } from '@hookline/shared';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateDraft } from '../api/update-draft';

/** The words of a draft edited in place: its text, and its media's description. */
type Field = 'text' | 'mediaAlt';

export type DraftField = ReturnType<typeof useDraftField>;

/**
 * One of a draft's words, edited in place and sent with PATCH by `save` (on blur, and before every
 * action on the draft). Changes to one draft run in order, so an action asked for next acts on
 * these words. When the server's value changes (a reload), it replaces the shown one unless the
 * user has unsaved edits.
 */
export function useDraftField(
  draftId: string,
  field: Field,
  serverValue: string,
  options: { editable: boolean; failure: string; onSaved: (saved: TDraft) => void },
) {
  const [value, setValue] = useState(serverValue);
  const [shownServerValue, setShownServerValue] = useState(serverValue);
  const update = useUpdateDraft(draftId);
  // The value of the save on its way, so that a blur and then a click on an action send it once.
  const sending = useRef<string | null>(null);

  if (serverValue !== shownServerValue) {
    setShownServerValue(serverValue);
    if (value === shownServerValue) setValue(serverValue);
  }

  const save = () => {
    if (!options.editable || value === serverValue || value === sending.current) return;
    const sent = value;
    sending.current = sent;
    update.mutate(field === 'text' ? { text: sent } : { mediaAlt: sent }, {
      onSuccess: options.onSaved,
      onError: (error) => toast.error(options.failure, { description: errorMessage(error, 'Unknown error') }),
      onSettled: () => {
        if (sending.current === sent) sending.current = null;
      },
    });
  };

  const change = (next: string) => {
    setValue(next);
    // Typing again hides 'Saved' or 'Not saved' (not 'Saving…').
    if (update.isSuccess || update.isError) update.reset();
  };

  return { value, change, save, status: update.status };
}
