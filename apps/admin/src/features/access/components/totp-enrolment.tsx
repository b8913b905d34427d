import { Alert, Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { useTotpConfirm, useTotpStart } from '../api/access';

/**
 * TOTP enrolment: the server makes a secret and shows it as a QR code (and as text, for apps
 * that take it typed); the first code from the authenticator app turns two-factor sign-in on.
 */
export function TotpEnrolment({ autoStart = false, onDone }: { autoStart?: boolean; onDone?: () => void }) {
  const start = useTotpStart();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
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
          Set up an authenticator app
        </Button>
      </Space>
    );
  }
  const { qrDataUrl, secret, uri } = start.data;
  return (
    <div data-testid="totp-enrolment" style={{ maxWidth: 520 }}>
      <Typography.Paragraph>
        1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
        …).
      </Typography.Paragraph>
      <img
        data-testid="totp-qr"
        src={qrDataUrl}
        alt="QR code of the authenticator secret"
        width={200}
        height={200}
        style={{ border: '1px solid #f0f0f0', borderRadius: 8 }}
      />
      <Typography.Paragraph style={{ marginTop: 12 }}>
        Cannot scan? Enter this key:{' '}
        <Typography.Text code copyable={{ text: secret }}>
          <span data-testid="totp-secret">{secret}</span>
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
        <span data-testid="totp-uri">{uri}</span>
      </Typography.Paragraph>
      <Typography.Paragraph>2. Enter the 6-digit code the app shows.</Typography.Paragraph>
      {confirm.error ? (
        <Alert
          data-testid="totp-error"
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errorText(confirm.error)}
        />
      ) : null}
      <Space>
        <Input
          data-testid="totp-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPressEnter={() => code.length === 6 && confirm.mutate(code, { onSuccess: () => onDone?.() })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          style={{ width: 140, letterSpacing: 4 }}
        />
        <Button
          data-testid="totp-confirm"
          type="primary"
          disabled={code.length !== 6}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(code, { onSuccess: () => onDone?.() })}
        >
          Turn on two-factor sign-in
        </Button>
      </Space>
    </div>
  );
}
