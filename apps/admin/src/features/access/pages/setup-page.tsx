import type { OperatorInfo } from '@dramastar/contract';
import { Card, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ChangePasswordForm } from '../components/change-password-form';
import { TotpEnrolment } from '../components/totp-enrolment';
import { palette } from '../../../shared/ui/palette';

/** Whether the operator must finish set-up before the console opens (the server's gate agrees). */
export function setupRequired(operator: OperatorInfo): boolean {
  return operator.mustChangePassword || (operator.totpRequired && !operator.totpEnabled);
}

/**
 * Shown instead of the console while set-up is unfinished: first the one-time password is
 * replaced, then (owner, tenant admin, finance: the roles that move money) an authenticator app
 * is enrolled. The console opens by itself once both are done: every step updates the session's
 * operator.
 */
export function SetupPage({ operator, signOut }: { operator: OperatorInfo; signOut: ReactNode }) {
  const step = operator.mustChangePassword ? 0 : 1;
  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: palette.colorBgLayout }}
    >
      <Card
        data-testid="setup-page"
        style={{ width: 600, maxWidth: '95vw' }}
        title={`Welcome, ${operator.username}`}
        extra={signOut}
      >
        <Typography.Paragraph type="secondary">
          Before the console opens, secure your account.
        </Typography.Paragraph>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[
            { title: 'Change the one-time password' },
            { title: operator.totpRequired ? 'Two-factor sign-in (required)' : 'Two-factor sign-in' },
          ]}
        />
        {step === 0 ? (
          <div data-testid="setup-password">
            <Typography.Paragraph>
              You signed in with a one-time password. Choose your own password.
            </Typography.Paragraph>
            <ChangePasswordForm
              currentLabel="One-time password"
              submitLabel="Save password"
              onDone={() => {}}
            />
          </div>
        ) : (
          <div data-testid="setup-totp">
            <Typography.Paragraph>
              Your role ({operator.role}) signs in with a code from an authenticator app as well as the
              password.
            </Typography.Paragraph>
            <TotpEnrolment autoStart />
          </div>
        )}
      </Card>
    </div>
  );
}
