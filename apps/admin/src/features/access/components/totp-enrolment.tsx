import { Alert, Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { useTotpConfirm, useTotpStart } from '../api/access';
import { RecoveryCodes } from './recovery-codes';

/** A base32 secret in groups of four, for typing into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * TOTP enrolment: the server makes a secret and shows it as a QR code (and, on asking, as a key
 * grouped for typing); the first code from the authenticator app turns two-factor sign-in on and
 * answers the recovery codes, shown once before the console moves on.
 */
export function TotpEnrolment({ autoStart = false, onDone }: { autoStart?: boolean; onDone?: () => void }) {
  const t = useT();
  const start = useTotpStart();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const [showKey, setShowKey] = useState(false);
  const setOperator = useSession((s) => s.setOperator);
  const { mutate: begin, isIdle } = start;

  useEffect(() => {
    if (autoStart && isIdle) begin();
  }, [autoStart, isIdle, begin]);

  if (!start.data) {
    return (
      <Space orientation="vertical">
        {start.error ? <Alert type="error" showIcon title={errorText(start.error)} /> : null}
        <Button
          data-testid="totp-start"
          type="primary"
          loading={start.isPending}
          onClick={() => start.mutate()}
        >
          {t('totp.start')}
        </Button>
      </Space>
    );
  }
  if (confirm.data) {
    const { recoveryCodes, ...operator } = confirm.data;
    return (
      <RecoveryCodes
        username={operator.username}
        codes={recoveryCodes}
        onDone={() => {
          setOperator(operator);
          onDone?.();
        }}
      />
    );
  }
  const { qrDataUrl, secret } = start.data;
  return (
    <div data-testid="totp-enrolment" className="ds-max-520">
      <Typography.Paragraph>{t('totp.scan')}</Typography.Paragraph>
      <img
        data-testid="totp-qr"
        src={qrDataUrl}
        alt={t('totp.qrAlt')}
        width={200}
        height={200}
        className="ds-qr"
      />
      <Typography.Paragraph className="ds-mt-12">
        {showKey ? (
          <>
            {t('totp.typeKey')}
            <br />
            <Typography.Text code copyable={{ text: secret }} className="ds-secret">
              <span data-testid="totp-secret">{groupedSecret(secret)}</span>
            </Typography.Text>
          </>
        ) : (
          <Button
            type="link"
            className="ds-unpadded"
            data-testid="totp-show-key"
            onClick={() => setShowKey(true)}
          >
            {t('totp.showKey')}
          </Button>
        )}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('totp.enterCode')}</Typography.Paragraph>
      {confirm.error ? (
        <Alert
          data-testid="totp-error"
          type="error"
          showIcon
          className="ds-mb-12"
          title={errorText(confirm.error)}
        />
      ) : null}
      <Space>
        <Input
          data-testid="totp-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPressEnter={() => code.length === 6 && confirm.mutate(code)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="ds-w-140 ds-totp-confirm"
        />
        <Button
          data-testid="totp-confirm"
          type="primary"
          disabled={code.length !== 6}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(code)}
        >
          {t('totp.confirm')}
        </Button>
      </Space>
    </div>
  );
}
