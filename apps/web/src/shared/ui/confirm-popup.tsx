import { Button, CenterPopup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

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

export function ConfirmPopup({
  visible,
  title,
  content,
  confirmText,
  cancelText,
  hideCancel = false,
  confirmLoading = false,
  onConfirm,
  onCancel,
}: ConfirmPopupProps) {
  const t = useT();
  return (
    <CenterPopup visible={visible} onMaskClick={onCancel} className="ds-confirm" role="dialog">
      <div className="ds-confirm__body">
        <h2 className="ds-confirm__title">{title}</h2>
        {content !== undefined && <div className="ds-confirm__content">{content}</div>}
        <div className="ds-confirm__actions">
          {!hideCancel && (
            <Button block fill="outline" onClick={onCancel} disabled={confirmLoading}>
              {cancelText ?? t('common.cancel')}
            </Button>
          )}
          <Button block color="primary" onClick={onConfirm} loading={confirmLoading}>
            {confirmText ?? t('common.confirm')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
