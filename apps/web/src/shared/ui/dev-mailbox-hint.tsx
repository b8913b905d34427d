import { useT } from '../i18n';

/**
 * In development without SMTP the server keeps sent e-mails on a page of its own (tenant config
 * `devMailbox`): a small link to it, shown after a code was sent. A server page, not an app route.
 */
export function DevMailboxHint({ mailbox }: { mailbox: string | null | undefined }) {
  const t = useT();
  if (!mailbox) return null;
  return (
    <p className="ds-dev-mailbox">
      <a href={mailbox} target="_blank" rel="noreferrer" data-testid="dev-mailbox">
        {t('form.devMailbox')}
      </a>
    </p>
  );
}
