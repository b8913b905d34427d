import type { OperatorInfo } from '@dramastar/contract';
import { Card, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n';
import { ChangePasswordForm } from '../components/change-password-form';
import { TotpEnrolment } from '../components/totp-enrolment';

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
  const t = useT();
  const step = operator.mustChangePassword ? 0 : 1;
  return (
    <div className="ds-gate">
      <Card
        data-testid="setup-page"
        className="ds-setup-card"
        title={t('dashboard.welcome', { name: operator.username })}
        extra={signOut}
      >
        <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
        <Steps
          size="small"
          current={step}
          className="ds-mb-24"
          items={[
            { title: t('setup.step.password') },
            { title: t(operator.totpRequired ? 'setup.step.totpRequired' : 'setup.step.totp') },
          ]}
        />
        {step === 0 ? (
          <div data-testid="setup-password">
            <Typography.Paragraph>{t('setup.passwordIntro')}</Typography.Paragraph>
            <ChangePasswordForm
              currentLabel="setup.oneTimePassword"
              submitLabel="setup.savePassword"
              onDone={() => {}}
            />
          </div>
        ) : (
          <div data-testid="setup-totp">
            <Typography.Paragraph>
              {t('setup.totpIntro', { role: t(`role.${operator.role}`) })}
            </Typography.Paragraph>
            <TotpEnrolment autoStart />
          </div>
        )}
      </Card>
    </div>
  );
}
