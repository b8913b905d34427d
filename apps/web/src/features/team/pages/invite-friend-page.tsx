import { Button, CenterPopup } from 'antd-mobile';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { CloseIcon, CopyIcon, DownloadIcon, LinkIcon, showToast } from '../../../shared/ui';
import { useTeamSize, useTeamStatus } from '../api/team';
import { useCopyInvite } from '../components/copy-invite';
import { LoadError, Loading, TeamPage } from '../components/shell';
import { drawPoster, linkPieces, POSTER_HEIGHT, POSTER_WIDTH, savesByLongPress } from '../lib/poster';

/** Downloads a canvas as a PNG file through an `<a download>`. */
function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): void {
  const save = (href: string, revoke: boolean) => {
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    if (revoke) setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  if (typeof canvas.toBlob === 'function') {
    canvas.toBlob((blob) => {
      if (blob) save(URL.createObjectURL(blob), true);
      else save(canvas.toDataURL('image/png'), false);
    }, 'image/png');
  } else save(canvas.toDataURL('image/png'), false);
}

function InviteContent({ inviteCode, inviteLink }: { inviteCode: string; inviteLink: string }) {
  const t = useT();
  const brand = useSession((s) => s.tenantName);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [longPressImage, setLongPressImage] = useState<string | null>(null);
  const { copy, popup } = useCopyInvite();

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawPoster(ctx, {
      brand,
      inviteCode,
      inviteLink,
      headline: t('inviteFriend.posterHeadline'),
      subtitle: t('inviteFriend.posterSubtitle', { brand }),
      scanHint: t('inviteFriend.posterScan'),
      codeLabel: t('inviteFriend.posterCode'),
    });
    setDrawn(true);
  }, [brand, inviteCode, inviteLink, t]);

  const save = () => {
    const element = canvas.current;
    if (!element || !drawn) return;
    if (savesByLongPress(navigator.userAgent, navigator.maxTouchPoints)) {
      setLongPressImage(element.toDataURL('image/png'));
      return;
    }
    downloadCanvas(element, `${brand.replace(/[^\w-]+/g, '') || 'invite'}-${inviteCode}.png`);
    showToast(t('inviteFriend.posterSaved'));
  };

  return (
    <>
      <div className="ds-poster-frame">
        <canvas
          ref={canvas}
          className="ds-poster"
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          role="img"
          aria-label={t('inviteFriend.posterLabel', { code: inviteCode })}
          data-link={inviteLink}
          data-testid="invite-poster"
        />
      </div>
      <div className="ds-team-invite ds-team-invite--page">
        <div className="ds-team-invite__code">
          <span className="ds-muted">{t('team.myInviteCode')}</span>
          <strong data-testid="invite-code">{inviteCode}</strong>
          <button
            type="button"
            className="ds-icon-button ds-icon-button--small"
            aria-label={t('inviteFriend.copyCode')}
            data-testid="invite-copy-code"
            onClick={() => copy(inviteCode, 'code')}
          >
            <CopyIcon />
          </button>
        </div>
        {/* Breaks only between the address's pieces, as the poster prints it, never mid-code. */}
        <p className="ds-team-invite__link" data-testid="invite-link">
          {linkPieces(inviteLink).map((piece, i) => (
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {piece}
            </Fragment>
          ))}
        </p>
      </div>
      <div className="ds-invite-actions">
        <Button
          block
          fill="outline"
          shape="rounded"
          data-testid="invite-copy-link"
          onClick={() => copy(inviteLink, 'link')}
        >
          <LinkIcon /> {t('inviteFriend.copyLink')}
        </Button>
        <Button
          block
          color="primary"
          shape="rounded"
          disabled={!drawn}
          data-testid="invite-save"
          onClick={save}
        >
          <DownloadIcon /> {t('inviteFriend.savePoster')}
        </Button>
      </div>
      <p className="ds-team-note ds-team-note--center">{t('inviteFriend.howItWorks')}</p>
      <TeamSize />
      {popup}
      <CenterPopup
        visible={longPressImage !== null}
        onMaskClick={() => setLongPressImage(null)}
        className="ds-confirm"
        role="dialog"
      >
        <div className="ds-long-press" data-testid="invite-long-press">
          <div className="ds-long-press__head">
            <h2>{t('inviteFriend.longPressTitle')}</h2>
            <button
              type="button"
              className="ds-icon-button"
              aria-label={t('common.close')}
              onClick={() => setLongPressImage(null)}
            >
              <CloseIcon />
            </button>
          </div>
          {longPressImage && (
            <img
              className="ds-long-press__image"
              src={longPressImage}
              alt={t('inviteFriend.posterLabel', { code: inviteCode })}
            />
          )}
          <p className="ds-muted">{t('inviteFriend.longPressHint')}</p>
        </div>
      </CenterPopup>
    </>
  );
}

/** The team so far: everyone within five levels, and how many on each. */
function TeamSize() {
  const t = useT();
  const size = useTeamSize();
  if (!size.data) return null;
  return (
    <section className="ds-team-size" data-testid="invite-team-size">
      <h2 className="ds-team-size__total">{t('inviteFriend.teamTotal', { count: size.data.total })}</h2>
      <ul className="ds-team-size__levels">
        {size.data.levels.map(({ level, count }) => (
          <li key={level} data-testid={`invite-team-level-${level}`}>
            <span className="ds-muted">{t('inviteFriend.level', { level })}</span>
            <strong>{count}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /pages/profile/inviteFriend/index: a poster drawn in the browser (brand, invite code, the
 * invite link as a QR code), with "Copy link" and "Save poster" (a PNG download, or the poster
 * as an image to long-press where downloads do not work: iOS, in-app browsers).
 */
export default function InviteFriendPage() {
  const t = useT();
  const status = useTeamStatus();
  let content;
  if (status.isPending) content = <Loading />;
  else if (status.isError) content = <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  else content = <InviteContent inviteCode={status.data.inviteCode} inviteLink={status.data.inviteLink} />;
  return (
    <TeamPage title={t('inviteFriend.title')} backUrl={ROUTES.profile}>
      {content}
    </TeamPage>
  );
}
