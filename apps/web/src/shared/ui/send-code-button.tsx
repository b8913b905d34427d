import { LIMITS } from '@dramastar/contract';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';

/** A countdown in whole seconds driven by an end time, so a throttled tab still ends on time. */
export function useCountdown() {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const [finishedOnce, setFinishedOnce] = useState(false);

  useEffect(() => {
    if (endAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        setEndAt(null);
        setFinishedOnce(true);
      }
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  return {
    remaining,
    running: endAt !== null,
    finishedOnce,
    start: (seconds: number) => {
      setRemaining(seconds);
      setEndAt(Date.now() + seconds * 1000);
    },
  };
}

export interface SendCodeButtonProps {
  /** Sends the code; resolves true when it went out (then the countdown starts). */
  onSend: () => Promise<boolean>;
  /** 120 s in the login panel, 60 s elsewhere (spec section 4). */
  seconds?: number;
  testId?: string;
  disabled?: boolean;
}

/** Send code → "{n} s" countdown → "Get it again" (spec section 4's send-code control). */
export function SendCodeButton({
  onSend,
  seconds = LIMITS.codeCountdownDefaultSeconds,
  testId = 'send-code',
  disabled = false,
}: SendCodeButtonProps) {
  const t = useT();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const send = async () => {
    if (busy.current || countdown.running) return;
    busy.current = true;
    setSending(true);
    try {
      if (await onSend()) countdown.start(seconds);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const label = countdown.running
    ? t('form.codeCountdown', { seconds: countdown.remaining })
    : sending
      ? t('form.sendingCode')
      : countdown.finishedOnce
        ? t('form.regainCode')
        : t('form.sendCode');

  return (
    <button
      type="button"
      className="ds-send-code"
      data-testid={testId}
      disabled={disabled || sending || countdown.running}
      aria-live="polite"
      onClick={() => void send()}
    >
      {label}
    </button>
  );
}
