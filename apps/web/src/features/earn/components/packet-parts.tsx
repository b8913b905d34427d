import type { RedPacket } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMoney, parseAmount } from '../../../shared/money';
import { formatDateTime } from '../lib/format';
import { PACKET_STATE_LABELS, packetTone, redPacketPath } from '../lib/red-packet-form';
import { RedPacketIcon } from '../../../shared/ui/icons';

export function PacketStateBadge({ state, testId }: { state: RedPacket['state']; testId?: string }) {
  const t = useT();
  return (
    <span className={`ds-packet-state ds-packet-state--${packetTone(state)}`} data-testid={testId}>
      {t(PACKET_STATE_LABELS[state])}
    </span>
  );
}

/** A packet in "My red packets": greeting or sender, total, shares claimed, state, refund. */
export function PacketRow({ packet, received }: { packet: RedPacket; received: boolean }) {
  const t = useT();
  const refunded = (parseAmount(packet.refunded, packet.currency) ?? 0n) > 0n;
  return (
    <li>
      <Link className="ds-packet-row" to={redPacketPath(packet.id)} data-testid={`packet-row-${packet.id}`}>
        <span className="ds-packet-row__icon">
          <RedPacketIcon />
        </span>
        <span className="ds-row-main">
          <span className="ds-row-title">
            {received
              ? t('redPacket.fromSender', { sender: packet.sender })
              : packet.greeting || t('redPacket.defaultGreeting')}
          </span>
          <span className="ds-packet-row__meta">
            {formatDateTime(packet.createdAt, t.language)} ·{' '}
            {t('redPacket.sharesClaimed', { claimed: packet.claimedShares, shares: packet.shares })}
          </span>
          {!received && refunded && (
            <span className="ds-packet-row__meta" data-testid={`packet-row-${packet.id}-refunded`}>
              {t('redPacket.refundedAmount', { amount: formatMoney(packet.refunded, packet.currency) })}
            </span>
          )}
        </span>
        <span className="ds-packet-row__side">
          <strong className={received ? 'ds-earn-amount--in' : undefined}>
            {received && packet.myClaim !== null
              ? formatMoney(packet.myClaim, packet.currency, { sign: true })
              : formatMoney(packet.amount, packet.currency)}
          </strong>
          <PacketStateBadge state={packet.state} testId={`packet-row-${packet.id}-state`} />
        </span>
      </Link>
    </li>
  );
}
