import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientDataKeys } from '@/lib/client-data/keys';
import { draftPath } from './draft-path';

/**
 * A change to drafts, shared by the draft endpoints' hooks. It stays pending until every drafts
 * query (this page's lists, the overview's and analytics' reads) has reloaded, so the screen shows
 * its result when it ends, whether it succeeded or failed. Changes to one draft (draftId) run one
 * after another in the order asked: an action clicked while the text is being saved waits for the
 * save, so it acts on the saved text.
 */
export function useDraftMutation<TData, TVariables = void>(mutationFn: (variables: TVariables) => Promise<TData>, draftId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    scope: draftId === undefined ? undefined : { id: draftPath(draftId) },
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientDataKeys.drafts }),
  });
}
