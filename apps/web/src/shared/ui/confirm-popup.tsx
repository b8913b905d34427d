import type { ReactNode } from 'react';
import { lazyUntilOpen } from './lazy-until-open';

export interface ConfirmPopupProps {
  visible: boolean;
  title: ReactNode;
  content?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Hides the cancel button: an acknowledgement rather than a question. */
  hideCancel?: boolean;
  /** Shows a spinner on the confirm button and blocks a second tap. */
  confirmLoading?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/**
 * A centred question or acknowledgement with Confirm (and Cancel). Its code (antd-mobile's popup)
 * runs when one first opens (its files are fetched once the page has loaded: shared/parts-ahead.ts):
 * a page that only may ask (share, an external link) does not load it before its first screen.
 */
export const ConfirmPopup = lazyUntilOpen<ConfirmPopupProps>(
  () => import('./confirm-popup-view'),
  (props) => props.visible,
);
