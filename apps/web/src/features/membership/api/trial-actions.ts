import { api, type CallResult } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { newRequestId } from '../../../shared/request-id';
import { refreshEntitlements, useMembershipKeys } from './keys';

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
  const keys = useMembershipKeys();
  return async (code?: string): Promise<TrialCards> => {
    const cards = await request(api.user.getTrialCard, {
      body: code === undefined ? {} : { code },
      hideToast: true,
    });
    queryClient.setQueryData(keys.trialCards(), cards);
    refreshEntitlements(queryClient);
    return cards;
  };
}

/**
 * Gifting a trial card from its confirmation. Opening the confirmation makes a requestId; a retry
 * after no answer sends the same one (the server gives once per id), a refusal gets a new one.
 */
export function useSendTrialCard() {
  const queryClient = useQueryClient();
  const keys = useMembershipKeys();
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  /** The id of the gift being confirmed; kept while a try is unanswered. */
  const requestId = useRef<string | null>(null);
  const unanswered = useRef(false);

  const send = async (inviteCode: string | undefined): Promise<TrialCards | ActionError | null> => {
    const id = requestId.current;
    if (running.current || id === null) return null;
    running.current = true;
    setBusy(true);
    try {
      const cards = await request(api.user.sendTrialCard, {
        body: inviteCode === undefined ? { requestId: id } : { inviteCode, requestId: id },
        hideToast: true,
      });
      unanswered.current = false;
      requestId.current = null;
      setVisible(false);
      queryClient.setQueryData(keys.trialCards(), cards);
      void queryClient.invalidateQueries({ queryKey: keys.canSend() });
      return cards;
    } catch (error) {
      const failure = actionError(error);
      unanswered.current = failure.noAnswer;
      if (!failure.noAnswer) requestId.current = newRequestId();
      return failure;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    confirming: visible,
    busy,
    /** Opens the confirmation: a new id, or after an unanswered try the same one. */
    open: () => {
      if (!unanswered.current || requestId.current === null) requestId.current = newRequestId();
      setVisible(true);
    },
    close: () => {
      if (!running.current) setVisible(false);
    },
    send,
  };
}
