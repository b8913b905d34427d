import { useState } from 'react';
import { fetchUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { ConfirmPopup, copyText, ExternalBrowserPopup } from '../../../shared/ui';
import { drainageLink } from '../lib/links';

/**
 * The signed-in viewer's invite code: the session's, or, while their profile is still loading
 * (a share tapped right after the app opened), fetched now, so a shared link never loses the
 * invitation it carries. Null for a guest, or when the profile cannot be had.
 */
async function ownInviteCode(): Promise<string | null> {
  const { hasLogin, userInfo } = useSession.getState();
  if (!hasLogin) return null;
  if (userInfo) return userInfo.inviteCode;
  try {
    return (await fetchUserInfo()).inviteCode;
  } catch {
    return null;
  }
}

/**
 * Sharing a series or one of its episodes: copies its landing-page link (with the viewer's invite
 * code when signed in) and shows the "link copied" popup with the link; if the browser refuses to
 * copy, the link is shown to copy by hand.
 */
export function useShareSeries() {
  const t = useT();
  const [shown, setShown] = useState<{ link: string; copied: boolean } | null>(null);

  const share = async (seriesId: number, videoId?: number) => {
    const link = drainageLink(seriesId, await ownInviteCode(), videoId);
    const copied = await copyText(link);
    setShown({ link, copied });
  };

  const close = () => setShown(null);
  const popup = shown?.copied ? (
    <ExternalBrowserPopup visible link={shown.link} onClose={close} />
  ) : (
    <ConfirmPopup
      visible={shown !== null}
      title={t('drama.copyByHand')}
      content={<p className="ds-confirm__link">{shown?.link}</p>}
      confirmText={t('common.ok')}
      hideCancel
      onConfirm={close}
      onCancel={close}
    />
  );
  return { share: (seriesId: number, videoId?: number) => void share(seriesId, videoId), popup };
}
