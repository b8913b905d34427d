import { useRef, useState } from 'react';
import { newRequestId } from '../request-id';
import { type ApiError, isApiError } from './api-error';

/** What one try of a money request came to. */
export type MoneyOutcome<R> =
  | { kind: 'done'; answer: R }
  /** The server refused: nothing was made, and the next try is a new request. */
  | { kind: 'refused'; error: ApiError }
  /** No answer came (offline, timed out): the same request may be sent again, with the same id. */
  | { kind: 'noAnswer'; error: unknown };

interface Attempt {
  id: string;
  /** What the id was made for (a tier, a product): a retry of an unanswered try must be the same. */
  key: string;
  unanswered: boolean;
}

const fresh = (key: string): Attempt => ({ id: newRequestId(), key, unanswered: false });

/**
 * One money action (a purchase, a recharge order, a withdrawal, a gift) sent with the id the
 * server acts on once. `begin` makes the id when the confirmation opens; `run` sends it, one try
 * at a time (a double tap sends nothing more). After no answer the id is kept, even across a
 * `begin` for the same `key`, so a retry can never act twice; a refusal makes a new id for the
 * next try; once done, nothing more is sent until the next `begin`.
 */
export function useMoneyAction() {
  const attempt = useRef<Attempt | null>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);

  return {
    /** A try is under way. */
    busy,
    begin(key = '') {
      const current = attempt.current;
      if (!current?.unanswered || current.key !== key) attempt.current = fresh(key);
    },
    /** Sends `send` with the action's id; null when a try is under way or nothing was begun. */
    async run<R>(send: (requestId: string) => Promise<R>): Promise<MoneyOutcome<R> | null> {
      const current = attempt.current;
      if (running.current || current === null) return null;
      running.current = true;
      setBusy(true);
      try {
        const answer = await send(current.id);
        attempt.current = null;
        return { kind: 'done', answer };
      } catch (error) {
        if (isApiError(error) && error.kind === 'api') {
          attempt.current = fresh(current.key);
          return { kind: 'refused', error };
        }
        attempt.current = { ...current, unanswered: true };
        return { kind: 'noAnswer', error };
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}
