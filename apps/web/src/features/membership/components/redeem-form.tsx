import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useT } from '../../../shared/i18n';
import { TextField } from '../../../shared/ui';
import { actionError, useGetTrialCard } from '../api/trial-actions';
import { checkTrialCode } from '../lib/gift-form';
import { dateTimeFormat } from '../lib/labels';

/**
 * "Redeem a code": a friend's gift code (TC + 8 characters) becomes one's own trial card, which
 * starts at once unless a trial is already running.
 */
export function RedeemForm({ activeUntil }: { activeUntil: string | null }) {
  const t = useT();
  const getTrialCard = useGetTrialCard();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = checkTrialCode(code);
  const fieldError = serverError
    ? serverError
    : touched && !check.ok
      ? 'message' in check.error
        ? t.message(check.error.message)
        : t(check.error.text)
      : undefined;

  const { loading, submit } = useSubmitOnce(async () => {
    setTouched(true);
    setServerError(null);
    setDone(null);
    if (!check.ok) return;
    try {
      const cards = await getTrialCard(check.value);
      setCode('');
      setTouched(false);
      setDone(
        cards.activeUntil && cards.activeUntil !== activeUntil
          ? t('pointsTrial.redeemedStarted', {
              date: dateTimeFormat(t.language).format(new Date(cards.activeUntil)),
            })
          : t('pointsTrial.redeemedKept'),
      );
    } catch (error) {
      const refusal = actionError(error);
      setServerError(refusal.noAnswer ? t('common.networkError') : refusal.message);
    }
  });

  return (
    <form
      className="ds-ms-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="redeem-form"
    >
      <TextField
        label={t('pointsTrial.redeemLabel')}
        placeholder="TC2345ABCD"
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={14}
        testId="redeem-code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value.toUpperCase());
          setServerError(null);
          setDone(null);
        }}
        onBlur={() => code !== '' && setTouched(true)}
        error={fieldError}
        hint={t('pointsTrial.redeemHint')}
      />
      {done && (
        <p className="ds-ms-success" role="status" data-testid="redeem-done">
          {done}
        </p>
      )}
      <Button
        type="submit"
        color="primary"
        fill="outline"
        shape="rounded"
        loading={loading}
        data-testid="redeem-submit"
      >
        {t('pointsTrial.redeem')}
      </Button>
    </form>
  );
}
