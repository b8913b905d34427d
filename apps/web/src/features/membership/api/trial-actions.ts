import { api, type CallResult } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { trialCardsQueryOptions } from '../../../shared/api/membership-status';
import { useMoneyAction } from '../../../shared/api/money-action';
import { useSession } from '../../../shared/store/session';
import { refreshEntitlements } from './keys';
import { canSendTrialCardQueryOptions } from './queries';

export type TrialCards = CallResult<typeof api.user.trialCards>;

/** A refusal to show on the screen (the request helper does not toast these calls). */
export interface ActionError {
  message: string;
  errorKey: string | undefined;
  /** No answer came: the same request may be tried again. */
  noAnswer: boolean;
}

export function actionError(error: unknown): ActionError {
  if (isApiError(error) && error.kind === 'api') {
    return { message: error.message, errorKey: error.errorKey, noAnswer: false };
  }
  return { message: '', errorKey: undefined, noAnswer: true };
}

/**
 * Activates one's own unused card (no code) or claims a gift code. The answer is the new list of
 * trial cards; a trial that starts changes what the viewer may watch, so everything is refreshed.
 */
export function useGetTrialCard() {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  return async (code?: string): Promise<TrialCards> => {
    const cards = await request(api.user.getTrialCard, {
      body: code === undefined ? {} : { code },
      hideToast: true,
    });
    queryClient.setQueryData(trialCardsQueryOptions(token).queryKey, cards);
    refreshEntitlements(queryClient);
    return cards;
  };
}

/**
 * Gifting a trial card from its confirmation, one money action: a retry after no answer sends the
 * same request (the server gives once per id), a refusal makes a new one.
 */
export function useSendTrialCard() {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const action = useMoneyAction();
  const [visible, setVisible] = useState(false);

  const send = async (inviteCode: string | undefined): Promise<TrialCards | ActionError | null> => {
    const outcome = await action.run((requestId) =>
      request(api.user.sendTrialCard, {
        body: inviteCode === undefined ? { requestId } : { inviteCode, requestId },
        hideToast: true,
      }),
    );
    if (outcome === null) return null;
    if (outcome.kind !== 'done') return actionError(outcome.error);
    setVisible(false);
    queryClient.setQueryData(trialCardsQueryOptions(token).queryKey, outcome.answer);
    void queryClient.invalidateQueries({ queryKey: canSendTrialCardQueryOptions(token).queryKey });
    return outcome.answer;
  };

  return {
    confirming: visible,
    busy: action.busy,
    /** Opens the confirmation: a new request, or after an unanswered try the same one. */
    open: () => {
      action.begin();
      setVisible(true);
    },
    close: () => {
      if (!action.busy) setVisible(false);
    },
    send,
  };
}
