import { localeOf } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { AlertIcon, BellIcon, EmptyState, LoadingMask, PageContainer } from '../../../shared/ui';
import { useMessages, useReadMessages } from '../api/messages';

function MessageList() {
  const t = useT();
  const messages = useMessages();
  const read = useReadMessages();
  const [open, setOpen] = useState<string | null>(null);

  if (messages.isPending) return <LoadingMask fullscreen={false} />;
  if (messages.isError) {
    return (
      <EmptyState
        testId="messages-error"
        icon={<AlertIcon />}
        title={t('common.loadErrorTitle')}
        description={
          isApiError(messages.error) && messages.error.kind === 'api'
            ? messages.error.message
            : t('common.loadErrorDescription')
        }
        action={
          <Button color="primary" onClick={() => void messages.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { list, unread } = messages.data;
  if (list.length === 0) {
    return (
      <EmptyState
        testId="messages-empty"
        icon={<BellIcon />}
        title={t('messages.emptyTitle')}
        description={t('messages.emptyDescription')}
      />
    );
  }
  const dateFormat = new Intl.DateTimeFormat(localeOf(t.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <>
      {unread > 0 && (
        <div className="ds-messages__actions">
          <span className="ds-muted">{t('messages.unread', { count: unread })}</span>
          <button
            type="button"
            className="ds-link"
            data-testid="messages-read-all"
            disabled={read.isPending}
            onClick={() => read.mutate(undefined)}
          >
            {t('messages.readAll')}
          </button>
        </div>
      )}
      <ul className="ds-card-list" data-testid="messages-list">
        {list.map((message) => {
          const expanded = open === message.id;
          return (
            <li key={message.id}>
              <button
                type="button"
                className="ds-message"
                aria-expanded={expanded}
                data-testid={`message-${message.id}`}
                onClick={() => {
                  setOpen(expanded ? null : message.id);
                  if (!message.read) read.mutate([message.id]);
                }}
              >
                <span className="ds-message__head">
                  {!message.read && (
                    <span
                      className="ds-dot"
                      data-testid="message-unread"
                      aria-label={t('messages.unreadLabel')}
                    />
                  )}
                  <span className="ds-message__title">{message.title}</span>
                  <time className="ds-muted" dateTime={message.createdAt}>
                    {dateFormat.format(new Date(message.createdAt))}
                  </time>
                </span>
                <span
                  className={expanded ? 'ds-message__body' : 'ds-message__body ds-message__body--clamped'}
                >
                  {message.content}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** /pages/profile/messages/index: account messages with unread dots; opening one marks it read. */
export default function MessagesPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer title={t('messages.title')}>
      {hasLogin ? <MessageList /> : <LoginRequired />}
    </PageContainer>
  );
}
