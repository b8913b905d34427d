import { CURRENCIES, toMajor, type CurrencyKey, type RedPacket } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMoneyAction } from '../../../shared/api/money-action';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  ConfirmPopup,
  copyText,
  CopyIcon,
  Segmented,
  ShareIcon,
  showToast,
  TextField,
  TopTabs,
} from '../../../shared/ui';
import { useMyRedPackets, useRedPacketRules, useSendRedPacket } from '../api/red-packets';
import { RedPacketIcon } from '../../../shared/ui/icons';
import { PacketRow } from '../components/packet-parts';
import { EarnPage, LoadError, Loading } from '../components/shell';
import {
  checkRedPacket,
  redPacketLink,
  redPacketPath,
  type FieldError,
  type RedPacketRules,
} from '../lib/red-packet-form';

type Split = 'random' | 'equal';

function useFieldError() {
  const t = useT();
  return (error: FieldError | null): string | undefined => {
    if (error === null) return undefined;
    return 'message' in error ? t.message(error.message, error.params) : t(error.text, error.params);
  };
}

function Rules({ rules, currency }: { rules: RedPacketRules; currency: CurrencyKey }) {
  const t = useT();
  return (
    <section className="ds-packet-rules" data-testid="packet-rules">
      <h2 className="ds-packet-rules__title">{t('redPacket.rulesTitle')}</h2>
      <ul>
        <li>{t('redPacket.ruleMin', { min: formatMoney(rules.minShare, currency) })}</li>
        <li>{t('redPacket.ruleShares', { max: rules.maxShares })}</li>
        <li>{t('redPacket.ruleMax', { max: formatMoney(rules.maxAmount, currency) })}</li>
        <li>{t('redPacket.ruleOnce')}</li>
        <li className="ds-packet-rules__refund" data-testid="packet-refund-rule">
          {t('redPacket.ruleRefund', { hours: rules.expiryHours })}
        </li>
      </ul>
    </section>
  );
}

function SendForm({
  currency,
  balance,
  rules,
  onSent,
}: {
  currency: CurrencyKey;
  balance: string;
  /** The tenant's limits (its configuration). */
  rules: RedPacketRules;
  onSent: (packet: RedPacket) => void;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const send = useSendRedPacket();
  const [amount, setAmount] = useState('');
  const [shares, setShares] = useState('');
  const [split, setSplit] = useState<Split>('random');
  const [greeting, setGreeting] = useState('');
  const [touched, setTouched] = useState({ amount: false, shares: false });
  // One money action per confirmation: a double tap or a retry after no answer never pays twice.
  const action = useMoneyAction();
  const [confirming, setConfirming] = useState(false);

  const check = checkRedPacket({ amount, shares }, rules, currency, balance);
  const amountError = touched.amount ? fieldError(check.amountError) : undefined;
  const sharesError = touched.shares ? fieldError(check.sharesError) : undefined;
  const splitLabel = t(split === 'random' ? 'redPacket.splitRandom' : 'redPacket.splitEqual');

  const submit = () => {
    setTouched({ amount: true, shares: true });
    if (!check.ok) return;
    action.begin(JSON.stringify([amount, shares, split, greeting.trim()]));
    setConfirming(true);
  };

  const pay = async () => {
    const { amount, shares } = check;
    if (amount === null || shares === null) return;
    const outcome = await action.run((requestId) =>
      send({ amount: toMajor(amount, currency), shares, split, greeting: greeting.trim(), requestId }),
    );
    if (outcome?.kind === 'done') {
      setConfirming(false);
      onSent(outcome.answer);
    }
    // A refusal (toasted) made nothing: the next confirmation is a new request.
    if (outcome?.kind === 'refused') setConfirming(false);
    if (outcome?.kind === 'noAnswer') toastIfNoAnswer(outcome.error);
  };

  return (
    <form
      className="ds-packet-form"
      data-testid="packet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="ds-earn-balance" data-testid="packet-balance">
        <span className="ds-muted">{t('redPacket.balance')}</span>
        <strong>{formatMoney(balance, currency)}</strong>
      </div>
      <div className="ds-packet-form__fields">
        <TextField
          label={t('redPacket.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('redPacket.amountPlaceholder')}
          prefix={<span className="ds-earn-currency">{CURRENCIES[currency].symbol}</span>}
          testId="packet-amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => amount !== '' && setTouched((s) => ({ ...s, amount: true }))}
          error={amountError}
        />
        <TextField
          label={t('redPacket.shares')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('redPacket.sharesPlaceholder', { max: rules.maxShares })}
          testId="packet-shares"
          value={shares}
          onChange={(event) => setShares(event.target.value.replace(/\D/g, ''))}
          onBlur={() => shares !== '' && setTouched((s) => ({ ...s, shares: true }))}
          error={sharesError}
        />
        <div className="ds-field">
          <span className="ds-field__label" id="packet-split-label">
            {t('redPacket.split')}
          </span>
          <Segmented
            ariaLabelledBy="packet-split-label"
            options={(['random', 'equal'] as const).map((option) => ({
              value: option,
              label: t(option === 'random' ? 'redPacket.splitRandom' : 'redPacket.splitEqual'),
              testId: `packet-split-${option}`,
            }))}
            value={split}
            onChange={setSplit}
          />
          <p className="ds-field__hint" data-testid="packet-split-hint">
            {split === 'equal' && check.equalShare !== null
              ? t('redPacket.equalHint', { amount: formatMinor(check.equalShare, currency) })
              : t(split === 'equal' ? 'redPacket.equalHintEmpty' : 'redPacket.randomHint', {
                  min: formatMoney(rules.minShare, currency),
                })}
          </p>
        </div>
        <TextField
          label={t('redPacket.greeting')}
          maxLength={60}
          autoComplete="off"
          placeholder={t('redPacket.defaultGreeting')}
          testId="packet-greeting"
          value={greeting}
          onChange={(event) => setGreeting(event.target.value)}
        />
      </div>
      <Rules rules={rules} currency={currency} />
      <div className="ds-packet-form__submit">
        <Button block color="primary" size="large" shape="rounded" type="submit" data-testid="packet-submit">
          {check.amount !== null && check.ok
            ? t('redPacket.submitAmount', { amount: formatMinor(check.amount, currency) })
            : t('redPacket.submit')}
        </Button>
      </div>
      <ConfirmPopup
        visible={confirming}
        title={t('redPacket.confirmTitle')}
        confirmText={t('redPacket.pay')}
        confirmLoading={action.busy}
        onCancel={() => {
          if (!action.busy) setConfirming(false);
        }}
        onConfirm={() => void pay()}
        content={
          check.amount !== null &&
          check.shares !== null && (
            <div data-testid="packet-confirm">
              <dl className="ds-earn-facts">
                <div>
                  <dt>{t('redPacket.amount')}</dt>
                  <dd data-testid="packet-confirm-amount">{formatMinor(check.amount, currency)}</dd>
                </div>
                <div>
                  <dt>{t('redPacket.shares')}</dt>
                  <dd>{check.shares}</dd>
                </div>
                <div>
                  <dt>{t('redPacket.split')}</dt>
                  <dd>{splitLabel}</dd>
                </div>
                <div>
                  <dt>{t('redPacket.greeting')}</dt>
                  <dd>{greeting.trim() || t('redPacket.defaultGreeting')}</dd>
                </div>
              </dl>
              <p className="ds-earn__note">{t('redPacket.confirmNote', { hours: rules.expiryHours })}</p>
            </div>
          )
        }
      />
    </form>
  );
}

/** The packet just sent: its link to share, Copy and Share. */
function SentPacket({ packet, onAnother }: { packet: RedPacket; onAnother: () => void }) {
  const t = useT();
  const link = redPacketLink(packet.id);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    showToast(t((await copyText(link)) ? 'redPacket.linkCopied' : 'profile.copyFailed'));
  };
  const share = async () => {
    try {
      await navigator.share({
        title: t('redPacket.shareTitle', { sender: packet.sender }),
        text: packet.greeting || t('redPacket.defaultGreeting'),
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <section className="ds-packet-sent" data-testid="packet-sent">
      <div className="ds-packet-card">
        <RedPacketIcon className="ds-packet-card__icon" />
        <p className="ds-packet-card__greeting">{packet.greeting || t('redPacket.defaultGreeting')}</p>
        <p className="ds-packet-card__amount" data-testid="packet-sent-amount">
          {formatMoney(packet.amount, packet.currency)}
        </p>
        <p className="ds-packet-card__meta">
          {t('redPacket.sentMeta', {
            shares: packet.shares,
            split: t(packet.split === 'random' ? 'redPacket.splitRandom' : 'redPacket.splitEqual'),
          })}
        </p>
      </div>
      <h2 className="ds-packet-sent__title">{t('redPacket.sentTitle')}</h2>
      <p className="ds-earn__note">{t('redPacket.sentHint')}</p>
      <div className="ds-packet-link" data-testid="packet-link">
        {link}
      </div>
      <div className="ds-packet-sent__actions">
        <Button block color="primary" shape="rounded" data-testid="packet-copy" onClick={() => void copy()}>
          <CopyIcon /> {t('redPacket.copyLink')}
        </Button>
        {canShare && (
          <Button
            block
            fill="outline"
            shape="rounded"
            data-testid="packet-share"
            onClick={() => void share()}
          >
            <ShareIcon /> {t('redPacket.share')}
          </Button>
        )}
      </div>
      <div className="ds-packet-sent__more">
        <Link className="ds-link" to={redPacketPath(packet.id)} data-testid="packet-view">
          {t('redPacket.view')}
        </Link>
        <button type="button" className="ds-link" data-testid="packet-another" onClick={onAnother}>
          {t('redPacket.another')}
        </button>
      </div>
    </section>
  );
}

function MyPackets() {
  const t = useT();
  const mine = useMyRedPackets();
  const [tab, setTab] = useState<'sent' | 'received'>('sent');
  let body;
  if (mine.isPending) body = <Loading />;
  else if (mine.isError) body = <LoadError error={mine.error} onRetry={() => void mine.refetch()} />;
  else {
    const list = tab === 'sent' ? mine.data.sent : mine.data.received;
    body =
      list.length === 0 ? (
        <p className="ds-earn__note ds-earn__note--center" data-testid={`my-packets-${tab}-empty`}>
          {t(tab === 'sent' ? 'redPacket.noneSent' : 'redPacket.noneReceived')}
        </p>
      ) : (
        <ul className="ds-card-list" data-testid={`my-packets-${tab}`}>
          {list.map((packet) => (
            <PacketRow key={packet.id} packet={packet} received={tab === 'received'} />
          ))}
        </ul>
      );
  }
  return (
    <section className="ds-my-packets" data-testid="my-packets">
      <h2 className="ds-section-title">{t('redPacket.mine')}</h2>
      <TopTabs
        tabs={[
          { key: 'sent', title: t('redPacket.sent'), testId: 'my-packets-tab-sent' },
          { key: 'received', title: t('redPacket.received'), testId: 'my-packets-tab-received' },
        ]}
        activeKey={tab}
        onChange={setTab}
      />
      {body}
    </section>
  );
}

function SendContent() {
  const wallet = useWalletInfo();
  const rules = useRedPacketRules();
  const [sent, setSent] = useState<RedPacket | null>(null);
  if (wallet.isPending || rules.isPending) return <Loading />;
  if (wallet.isError) return <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />;
  if (rules.isError) return <LoadError error={rules.error} onRetry={() => void rules.refetch()} />;
  return (
    <>
      {sent ? (
        <SentPacket packet={sent} onAnother={() => setSent(null)} />
      ) : (
        <SendForm
          currency={wallet.data.currency}
          balance={wallet.data.balance}
          rules={rules.data}
          onSent={(packet) => {
            setSent(packet);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      <MyPackets />
    </>
  );
}

/** /pages/profile/redPacket/openp: send a red packet, then share its link; my red packets below. */
export default function RedPacketSendPage() {
  const t = useT();
  return (
    <EarnPage title={t('redPacket.title')} backUrl={ROUTES.earn}>
      <SendContent />
    </EarnPage>
  );
}
