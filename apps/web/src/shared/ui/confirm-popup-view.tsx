import { Button, CenterPopup } from 'antd-mobile';
import { useT } from '../i18n';
import type { ConfirmPopupProps } from './confirm-popup';

/** ConfirmPopup's drawing (antd-mobile's CenterPopup), loaded when one first opens. */
export default function ConfirmPopupView({
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
