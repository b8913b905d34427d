import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { type TranslationKey, useT } from '../../../shared/i18n';

/** The codes as a text file: a heading, the account, one code a line. */
export function recoveryCodesFile(username: string, codes: string[]): string {
  return [
    'DramaStar console recovery codes',
    `Account: ${username}`,
    'Each code signs you in once instead of an authenticator code.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes shown once (after enrolment or regeneration): copy, download, and a
 * confirmation that they are kept before the screen moves on.
 */
export function RecoveryCodes({
  username,
  codes,
  onDone,
  doneLabel = 'recovery.saved',
}: {
  username: string;
  codes: string[];
  onDone: () => void;
  doneLabel?: TranslationKey;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesFile(username, codes);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `dramastar-recovery-codes-${username}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="recovery-codes" className="ds-max-520">
      <Alert
        type="warning"
        showIcon
        className="ds-mb-12"
        title={t('recovery.title')}
        description={t('recovery.description')}
      />
      <ol data-testid="recovery-code-list" className="ds-codes">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="ds-cell-last">
            {code}
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button
          data-testid="recovery-copy"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {t(copied ? 'recovery.copied' : 'recovery.copy')}
        </Button>
        <Button data-testid="recovery-download" onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button data-testid="recovery-done" type="primary" onClick={onDone}>
          {t(doneLabel)}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" className="ds-note">
        {t('recovery.renew')}
      </Typography.Paragraph>
    </div>
  );
}
