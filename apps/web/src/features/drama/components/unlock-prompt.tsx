import { lazyUntilOpen } from '../../../shared/ui/lazy-until-open';

export interface UnlockPromptProps {
  number: number;
  freeEpisodes: number;
  /** Offers to go back to the free episodes. */
  onWatchFree?: () => void;
  onClose?: () => void;
  /** After a trial card was activated here, or "Continue watching" after paying: play the episode. */
  onUnlocked?: () => void;
  /**
   * A card was bought here: the page keeps the prompt (its "card is active" and "Continue
   * watching") though the episode now shows unlocked, until `onUnlocked`.
   */
  onPaid?: () => void;
}

/**
 * Shown instead of a paid episode (unlock-prompt-view.tsx). Its script (antd-mobile's buttons and
 * popup) loads when a locked episode first shows, or ahead when the next one is locked
 * (`UnlockPrompt.prefetch`): a free episode's page does not wait for it.
 */
export const UnlockPrompt = lazyUntilOpen<UnlockPromptProps>(() => import('./unlock-prompt-view'));
