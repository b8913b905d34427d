import { useT } from '../i18n';
import { ConfirmPopup } from './confirm-popup';

export interface ExternalBrowserPopupProps {
  visible: boolean;
  /** The copied link, shown so it can be checked or copied by hand. */
  link?: string;
  onClose: () => void;
}

/** "Link copied, open it in an external browser": for in-app browsers that block the next step. */
export function ExternalBrowserPopup({ visible, link, onClose }: ExternalBrowserPopupProps) {
  const t = useT();
  return (
    <ConfirmPopup
      visible={visible}
      title={t('ui.linkCopied')}
      content={
        <>
          <p>{t.message('OpenInExternalBrowser')}</p>
          <p className="ds-muted">{t('ui.externalBrowserHint')}</p>
          {link && <p className="ds-confirm__link">{link}</p>}
        </>
      }
      confirmText={t('common.ok')}
      hideCancel
      onConfirm={onClose}
      onCancel={onClose}
    />
  );
}
