import { RED_PACKET_TOKEN, type RedPacket } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { formatMoney, parseAmount } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { AlertIcon, copyText, CopyIcon, EmptyState, showToast } from '../../../shared/ui';
import { useReceiveRedPacket, useRedPacket } from '../api/red-packets';
import { RedPacketIcon } from '../../../shared/ui/icons';
import { PacketStateBadge } from '../components/packet-parts';
import { PersonAvatar } from '../components/person-avatar';
import { EarnPage, LoadError, Loading } from '../components/shell';
import { formatDateTime } from '../lib/format';
import { packetOutlook, receiveRefusalKey, redPacketLink } from '../lib/red-packet-form';

function NotFound() {
  const t = useT();
  return (
    <EmptyState
      testId="packet-not-found"
      icon={<RedPacketIcon />}
      title={t.message('RedPacketNotFound')}
      description={t('redPacket.notFoundHint')}
      action={
        <Link className="ds-link" to={ROUTES.earn}>
          {t('redPacket.toEarn')}
        </Link>
      }
    />
  );
}

function Claims({ packet }: { packet: RedPacket }) {
  const t = useT();
  return (
    <section className="ds-packet-claims" data-testid="packet-claims">
      <h2 className="ds-section-title">
        {t('redPacket.claimsTitle', { claimed: packet.claimedShares, shares: packet.shares })}
      </h2>
      {packet.claims.length === 0 ? (
        <p className="ds-earn__note ds-earn__note--center" data-testid="packet-claims-empty">
          {t('redPacket.noClaims')}
        </p>
      ) : (
        <ul className="ds-card-list">
          {packet.claims.map((claim, index) => (
            <li key={`${claim.at}-${index}`} className="ds-claim" data-testid="packet-claim">
              <PersonAvatar src={null} name={claim.nickname} size={36} />
              <span className="ds-claim__who">
                <span className="ds-row-title">{claim.nickname}</span>
                <span className="ds-muted">{formatDateTime(claim.at, t.language)}</span>
              </span>
              <strong className="ds-claim__amount">{formatMoney(claim.amount, packet.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Envelope({ packet }: { packet: RedPacket }) {
  const t = useT();
  const receive = useReceiveRedPacket();
  const [busy, setBusy] = useState(false);
  const [won, setWon] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const running = useRef(false);
  const outlook = packetOutlook(packet);
  const refunded = (parseAmount(packet.refunded, packet.currency) ?? 0n) > 0n;

  const open = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const result = await receive(packet.id);
      setWon(result.amount);
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        const key = receiveRefusalKey(error.errorKey);
        setRefusal(key ? t.message(key) : error.message);
      } else toastIfNoAnswer(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const copyLink = async () => {
    showToast(t((await copyText(redPacketLink(packet.id))) ? 'redPacket.linkCopied' : 'profile.copyFailed'));
  };

  // What the envelope says under the greeting: the share just won, an earlier share, a refusal.
  let message = null;
  if (won !== null) {
    message = (
      <div className="ds-envelope__won" data-testid="packet-won">
        <span className="ds-envelope__won-amount">{formatMoney(won, packet.currency, { sign: true })}</span>
        <span className="ds-envelope__won-note">{t('redPacket.wonNote')}</span>
      </div>
    );
  } else if (refusal !== null) {
    message = (
      <p className="ds-envelope__refusal" role="alert" data-testid="packet-refusal">
        <AlertIcon /> {refusal}
      </p>
    );
  } else if (outlook === 'received' && packet.myClaim !== null) {
    message = (
      <div className="ds-envelope__won ds-envelope__won--still" data-testid="packet-my-claim">
        <span className="ds-envelope__won-amount">
          {formatMoney(packet.myClaim, packet.currency, { sign: true })}
        </span>
        <span className="ds-envelope__won-note">{t('redPacket.youReceived')}</span>
      </div>
    );
  } else if (outlook === 'claimedOut' || outlook === 'expired') {
    message = (
      <p className="ds-envelope__refusal" role="status" data-testid="packet-refusal">
        {t.message(outlook === 'claimedOut' ? 'RedPacketClaimed' : 'RedPacketExpired')}
      </p>
    );
  } else if (outlook === 'own') {
    message = (
      <div className="ds-envelope__own" data-testid="packet-own">
        <p>{t('redPacket.ownHint')}</p>
        <Button size="small" shape="rounded" className="ds-envelope__copy" onClick={() => void copyLink()}>
          <CopyIcon /> {t('redPacket.copyLink')}
        </Button>
      </div>
    );
  }

  const canOpen = outlook === 'openable' && won === null && refusal === null;
  return (
    <section
      className={won !== null ? 'ds-envelope ds-envelope--opened' : 'ds-envelope'}
      data-testid="packet-envelope"
    >
      <div className="ds-envelope__top">
        <PersonAvatar src={packet.senderAvatar} name={packet.sender} size={52} />
        <p className="ds-envelope__sender" data-testid="packet-sender">
          {t('redPacket.fromSender', { sender: packet.sender })}
        </p>
        <p className="ds-envelope__greeting" data-testid="packet-greeting">
          {packet.greeting || t('redPacket.defaultGreeting')}
        </p>
      </div>
      <div className="ds-envelope__middle">
        {canOpen ? (
          <button
            type="button"
            className={busy ? 'ds-envelope__open ds-envelope__open--spinning' : 'ds-envelope__open'}
            disabled={busy}
            aria-busy={busy}
            data-testid="packet-open"
            onClick={() => void open()}
          >
            {t('redPacket.open')}
          </button>
        ) : (
          message
        )}
      </div>
      <dl className="ds-envelope__facts">
        <div>
          <dt>{t('redPacket.total')}</dt>
          <dd data-testid="packet-total">{formatMoney(packet.amount, packet.currency)}</dd>
        </div>
        <div>
          <dt>{t('redPacket.sharesShort')}</dt>
          <dd data-testid="packet-shares-claimed">
            {t('redPacket.sharesClaimed', { claimed: packet.claimedShares, shares: packet.shares })}
          </dd>
        </div>
        <div>
          <dt>{t('redPacket.state')}</dt>
          <dd>
            <PacketStateBadge state={packet.state} testId="packet-state" />
          </dd>
        </div>
      </dl>
      {packet.mine && refunded && (
        <p className="ds-envelope__small" data-testid="packet-refunded">
          {t('redPacket.refundedAmount', { amount: formatMoney(packet.refunded, packet.currency) })}
        </p>
      )}
      {packet.mine && packet.state === 'opened' && (
        <p className="ds-envelope__small" data-testid="packet-expiry">
          {t('redPacket.expiresAt', { at: formatDateTime(packet.expiresAt, t.language) })}
        </p>
      )}
    </section>
  );
}

function ReceiveContent({ id }: { id: string }) {
  const t = useT();
  // Links carry the packet's random token; anything else (an old numeric id) is no packet.
  const valid = RED_PACKET_TOKEN.test(id);
  const packet = useRedPacket(id, valid);
  if (!valid) return <NotFound />;
  if (packet.isPending) return <Loading />;
  if (packet.isError) {
    const error = packet.error;
    if (isApiError(error) && (error.errorKey === 'RedPacketNotFound' || error.code === 404))
      return <NotFound />;
    return <LoadError error={error} onRetry={() => void packet.refetch()} />;
  }
  return (
    <>
      <Envelope packet={packet.data} />
      <Claims packet={packet.data} />
      {!packet.data.mine && (
        <div className="ds-packet-footer">
          <Link className="ds-link" to={ROUTES.redPacketSend} data-testid="packet-send-own">
            {t('redPacket.sendOwn')}
          </Link>
        </div>
      )}
    </>
  );
}

/** A guest who opened a shared link: log in (the panel opens over this page, which stays). */
function GuestPrompt() {
  const t = useT();
  return (
    <EmptyState
      testId="packet-guest"
      icon={<RedPacketIcon />}
      title={t('redPacket.guestTitle')}
      description={t('redPacket.guestText')}
      action={
        <Button
          color="primary"
          shape="rounded"
          data-testid="packet-guest-login"
          onClick={() => openLoginPanel()}
        >
          {t('auth.login')}
        </Button>
      }
    />
  );
}

/** /pages/profile/redPacket/receive/index?redPacketId=: the packet, Open, and who claimed what. */
export default function RedPacketReceivePage() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('redPacketId')?.trim().toLowerCase() ?? '';
  return (
    <EarnPage title={t('redPacket.receiveTitle')} guest={<GuestPrompt />}>
      <ReceiveContent id={id} />
    </EarnPage>
  );
}
