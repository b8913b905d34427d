import type { api, CallResult } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { ConfirmPopup, GiftIcon, Segmented, TextField } from '../../../shared/ui';
import { useSendTrialCard, type TrialCards } from '../api/trial-actions';
import { useNow } from '../lib/countdown';
import { checkGift, nextGiftAt, type GiftMode } from '../lib/gift-form';
import { dateFormat } from '../lib/labels';
import { InlineError } from './shell';

export type CanSend = CallResult<typeof api.user.queryCanSendTrialCard>;

/** Refusals that concern the invite code: shown at the field. */
const FIELD_REFUSALS: readonly (string | undefined)[] = [
  'InvalidInviteCode',
  'TrialCardSelf',
  'TrialCardNotInTeam',
];

/** Without a Star Card: what holders get, and the way to one. */
function NeedsCard({ canSend }: { canSend: CanSend }) {
  const t = useT();
  return (
    <div className="ds-ms-gift__locked" data-testid="gift-needs-card">
      <p>{t('pointsTrial.giftForMembers', { count: canSend.perPeriod, days: canSend.periodDays })}</p>
      <Link className="ds-link" to={ROUTES.starCards} data-testid="gift-get-star-card">
        {t('pointsTrial.getStarCard')}
      </Link>
    </div>
  );
}

/**
 * Gifting for Star Card holders: how many are left in the rolling period, then to a team member by
 * invite code or as a code any friend redeems; confirmed first, idempotent by its requestId.
 */
export function GiftSection({
  canSend,
  cards,
  ownInviteCode,
}: {
  canSend: CanSend;
  cards: TrialCards;
  ownInviteCode: string | null;
}) {
  const t = useT();
  const now = useNow();
  const gift = useSendTrialCard();
  const [mode, setMode] = useState<GiftMode>('member');
  const [inviteCode, setInviteCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; needsCard?: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = checkGift(mode, inviteCode, ownInviteCode);
  const localError =
    touched && check && !check.ok
      ? 'message' in check.error
        ? t.message(check.error.message)
        : t(check.error.text)
      : null;

  const header = (
    <h2 className="ds-section-title">
      <GiftIcon className="ds-ms-title-icon" /> {t('pointsTrial.giftTitle')}
    </h2>
  );

  if (!canSend.allowed && canSend.reason === 'MembershipRequired') {
    return (
      <section className="ds-ms-gift" data-testid="gift-section">
        {header}
        <div className="ds-ms-panel">
          <NeedsCard canSend={canSend} />
        </div>
      </section>
    );
  }

  const next = canSend.allowed ? null : nextGiftAt(cards.sent, canSend.periodDays, now);

  const submit = () => {
    setTouched(true);
    setDone(null);
    setError(null);
    setFieldError(null);
    if (check && !check.ok) return;
    gift.open();
  };

  const send = async () => {
    const target = check?.ok ? check.value : undefined;
    const answer = await gift.send(mode === 'member' ? target : undefined);
    if (!answer) return;
    if ('owned' in answer) {
      setInviteCode('');
      setTouched(false);
      const issued = answer.sent.find(
        (card) => card.code !== null && !cards.sent.some((old) => old.id === card.id),
      );
      setDone(
        mode === 'code' && issued?.code
          ? t('pointsTrial.giftCodeCreated', { code: issued.code })
          : t('pointsTrial.giftSent', { code: target ?? '' }),
      );
      return;
    }
    if (answer.noAnswer) {
      setError({ text: t('pointsTrial.giftNoAnswer') });
      return;
    }
    gift.close();
    if (FIELD_REFUSALS.includes(answer.errorKey)) setFieldError(answer.message);
    else if (answer.errorKey === 'MembershipRequired')
      setError({ text: t('pointsTrial.giftNeedsCard'), needsCard: true });
    else setError({ text: answer.message });
  };

  return (
    <section className="ds-ms-gift" data-testid="gift-section">
      {header}
      <div className="ds-ms-panel">
        <p className="ds-ms-gift__quota" data-testid="gift-quota">
          {t('pointsTrial.giftQuota', {
            remaining: canSend.remaining,
            count: canSend.perPeriod,
            days: canSend.periodDays,
          })}
        </p>
        {!canSend.allowed ? (
          <p className="ds-ms-note ds-ms-note--flush" data-testid="gift-limit">
            {t.message('TrialCardGiftLimit', { count: canSend.perPeriod })}
            {next && ` ${t('pointsTrial.giftNext', { date: dateFormat(t.language).format(next) })}`}
          </p>
        ) : (
          <form
            className="ds-ms-form ds-ms-form--flush"
            noValidate
            data-testid="gift-form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Segmented
              ariaLabel={t('pointsTrial.giftHow')}
              options={(['member', 'code'] as const).map((option) => ({
                value: option,
                label: t(option === 'member' ? 'pointsTrial.giftToMember' : 'pointsTrial.giftAsCode'),
                testId: `gift-mode-${option}`,
              }))}
              value={mode}
              onChange={(option) => {
                setMode(option);
                setTouched(false);
                setFieldError(null);
                setError(null);
              }}
            />
            {mode === 'member' ? (
              <TextField
                label={t('pointsTrial.giftInviteCode')}
                placeholder="AB12CD34"
                autoCapitalize="characters"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                maxLength={8}
                testId="gift-invite-code"
                value={inviteCode}
                onChange={(event) => {
                  setInviteCode(event.target.value.toUpperCase());
                  setFieldError(null);
                }}
                onBlur={() => inviteCode !== '' && setTouched(true)}
                error={fieldError ?? localError ?? undefined}
                hint={t('pointsTrial.giftMemberHint')}
              />
            ) : (
              <p className="ds-ms-note ds-ms-note--flush">{t('pointsTrial.giftCodeHint')}</p>
            )}
            {error && !gift.confirming && (
              <InlineError testId="gift-error">
                {error.text}
                {error.needsCard && (
                  <>
                    {' '}
                    <Link className="ds-link" to={ROUTES.starCards}>
                      {t('pointsTrial.getStarCard')}
                    </Link>
                  </>
                )}
              </InlineError>
            )}
            {done && (
              <p className="ds-ms-success" role="status" data-testid="gift-done">
                {done}
              </p>
            )}
            <Button type="submit" block color="primary" shape="rounded" data-testid="gift-submit">
              {t(mode === 'member' ? 'pointsTrial.giftSubmitMember' : 'pointsTrial.giftSubmitCode')}
            </Button>
          </form>
        )}
      </div>
      <ConfirmPopup
        visible={gift.confirming}
        title={t('pointsTrial.giftConfirmTitle')}
        content={
          <>
            <p data-testid="gift-confirm">
              {mode === 'member' && check?.ok
                ? t('pointsTrial.giftConfirmMember', { code: check.value })
                : t('pointsTrial.giftConfirmCode', { count: canSend.perPeriod, days: canSend.periodDays })}
            </p>
            {error && <InlineError testId="gift-confirm-error">{error.text}</InlineError>}
          </>
        }
        confirmText={t('pointsTrial.giftConfirm')}
        confirmLoading={gift.busy}
        onCancel={gift.close}
        onConfirm={() => void send()}
      />
    </section>
  );
}
