import { useT } from '../../../shared/i18n';
import { copyText, CopyIcon, showToast } from '../../../shared/ui';
import type { TrialCards } from '../api/trial-actions';
import { dateFormat, dateTimeFormat, TRIAL_STATUS_LABELS, trialTone } from '../lib/labels';
import { StatusBadge } from './shell';

type TrialCard = TrialCards['owned'][number];

function CopyCode({ code }: { code: string }) {
  const t = useT();
  const copy = async () => {
    showToast(t((await copyText(code)) ? 'pointsTrial.codeCopied' : 'pointsTrial.copyFailed'));
  };
  return (
    <button
      type="button"
      className="ds-ms-copy"
      aria-label={t('pointsTrial.copyCode', { code })}
      data-testid={`copy-${code}`}
      onClick={() => void copy()}
    >
      <CopyIcon />
      <span>{t('pointsTrial.copy')}</span>
    </button>
  );
}

/** "Expires …" for a running or ended card, "Activated …" is implied by it; else when it came. */
function When({ card }: { card: TrialCard }) {
  const t = useT();
  const times = dateTimeFormat(t.language);
  const dates = dateFormat(t.language);
  if (card.expiresAt) {
    return (
      <span className="ds-ms-row__meta">
        {t(card.status === 'expired' ? 'pointsTrial.endedAt' : 'pointsTrial.endsAt', {
          date: times.format(new Date(card.expiresAt)),
        })}
      </span>
    );
  }
  return (
    <span className="ds-ms-row__meta">
      {t('pointsTrial.receivedAt', { date: dates.format(new Date(card.createdAt)) })}
    </span>
  );
}

/** One's own trial cards: the welcome card and the gifts received, with their state. */
export function OwnedCards({ cards }: { cards: TrialCards }) {
  const t = useT();
  if (cards.owned.length === 0) return null;
  return (
    <section data-testid="trial-owned">
      <h2 className="ds-section-title">{t('pointsTrial.ownedTitle')}</h2>
      <ul className="ds-card-list">
        {cards.owned.map((card) => (
          <li key={card.id} className="ds-ms-row" data-testid={`trial-owned-${card.id}`}>
            <span className="ds-row-main">
              <span className="ds-ms-row__title">
                {card.source === 'gift' && card.from
                  ? t('pointsTrial.fromFriend', { name: card.from })
                  : t(card.source === 'gift' ? 'pointsTrial.sourceGift' : 'pointsTrial.sourceSignup')}
              </span>
              <When card={card} />
            </span>
            <StatusBadge tone={trialTone(card.status)}>{t(TRIAL_STATUS_LABELS[card.status])}</StatusBadge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The cards one gave: codes not yet redeemed (with Copy), and cards given to team members. */
export function SentCards({ cards }: { cards: TrialCards }) {
  const t = useT();
  const dates = dateFormat(t.language);
  if (cards.sent.length === 0) return null;
  return (
    <section data-testid="trial-sent">
      <h2 className="ds-section-title">{t('pointsTrial.sentTitle')}</h2>
      <ul className="ds-card-list">
        {cards.sent.map((card) => (
          <li key={card.id} className="ds-ms-row" data-testid={`trial-sent-${card.id}`}>
            <span className="ds-row-main">
              {card.code ? (
                <>
                  <span className="ds-ms-row__title">{t('pointsTrial.giftCode')}</span>
                  <span className="ds-ms-code" data-testid={`trial-code-${card.id}`}>
                    {card.code}
                  </span>
                </>
              ) : (
                <span className="ds-ms-row__title">
                  {card.to ? t('pointsTrial.toFriend', { name: card.to }) : t('pointsTrial.given')}
                </span>
              )}
              <span className="ds-ms-row__meta">
                {t('pointsTrial.createdAt', { date: dates.format(new Date(card.createdAt)) })}
              </span>
            </span>
            <span className="ds-ms-row__side">
              {card.code ? (
                <>
                  <StatusBadge tone="pending">{t('pointsTrial.notRedeemed')}</StatusBadge>
                  <CopyCode code={card.code} />
                </>
              ) : (
                <StatusBadge tone={trialTone(card.status)}>{t(TRIAL_STATUS_LABELS[card.status])}</StatusBadge>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
