import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import { ConfirmPopup, copyText, showToast } from '../../../shared/ui';

/**
 * Copies the invite link or code (the clipboard API, or a selected textarea in old WebViews);
 * when the browser refuses both, the text is shown in a popup to copy by hand.
 */
export function useCopyInvite() {
  const t = useT();
  const [manual, setManual] = useState<string | null>(null);
  const copy = async (text: string, what: 'link' | 'code') => {
    if (await copyText(text))
      showToast(t(what === 'link' ? 'inviteFriend.linkCopied' : 'inviteFriend.codeCopied'));
    else setManual(text);
  };
  const popup = (
    <ConfirmPopup
      visible={manual !== null}
      title={t('inviteFriend.copyByHand')}
      content={
        <p className="ds-confirm__link" data-testid="invite-manual-copy">
          {manual}
        </p>
      }
      confirmText={t('common.ok')}
      hideCancel
      onConfirm={() => setManual(null)}
      onCancel={() => setManual(null)}
    />
  );
  return { copy: (text: string, what: 'link' | 'code') => void copy(text, what), popup };
}
