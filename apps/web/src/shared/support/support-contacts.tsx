import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../routes';
import { useSession } from '../store/session';
import { ChatUnreadBadge } from './chat-unread';
import { useT, type TranslationKey } from '../i18n';
import { ChevronRightIcon, HeadsetIcon, MailIcon } from '../ui';
import {
  contactHandle,
  safeContactUrl,
  useCustomerService,
  useTelegramAgent,
  type ContactKind,
  type SupportContact,
} from './customer-service';
import { Icon } from '../ui/icons';
import { Loading, LoadError } from '../ui/signed-in-page';
import './support.css';

function TelegramIcon() {
  return (
    <Icon>
      <path d="M21 4.5L3.5 11.3c-.8.3-.8 1.4 0 1.7l4.3 1.5 1.7 5.2c.2.7 1.1.9 1.6.4l2.5-2.4 4.4 3.2c.6.4 1.4.1 1.6-.6L22.2 5.7c.2-.9-.5-1.5-1.2-1.2z" />
      <path d="M7.8 14.5l9.7-6.6-6.9 7.7" />
    </Icon>
  );
}

function WhatsappIcon() {
  return (
    <Icon>
      <path d="M4 20l1.3-3.9A8.5 8.5 0 1 1 8.2 19z" />
      <path d="M9 8.5c0 3.3 3.2 6.5 6.5 6.5l1-1.6-2-1-1 .8c-1-.4-2.3-1.7-2.7-2.7l.8-1-1-2z" />
    </Icon>
  );
}

function ChatIcon() {
  return (
    <Icon>
      <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </Icon>
  );
}

const KIND_LABELS: Record<ContactKind, TranslationKey> = {
  telegram: 'support.kindTelegram',
  whatsapp: 'support.kindWhatsapp',
  email: 'support.kindEmail',
  chat: 'support.kindChat',
};

const KIND_ICONS: Record<ContactKind, () => ReactNode> = {
  telegram: () => <TelegramIcon />,
  whatsapp: () => <WhatsappIcon />,
  email: () => <MailIcon />,
  chat: () => <ChatIcon />,
};

function ContactRow({
  kind,
  title,
  detail,
  href,
  testId,
}: {
  kind: ContactKind;
  title: string;
  detail: string;
  /** Null: shown but not a link (an address that cannot be opened). */
  href: string | null;
  testId: string;
}) {
  const content = (
    <>
      <span className={`ds-support__icon ds-support__icon--${kind}`}>{KIND_ICONS[kind]()}</span>
      <span className="ds-support__text">
        <span className="ds-support__title">{title}</span>
        <span className="ds-support__detail">{detail}</span>
      </span>
    </>
  );
  if (kind === 'chat' && href !== null) {
    // The in-app chat: a page of this app, with the count of unread answers.
    return (
      <li>
        <Link className="ds-support__row" to={href} data-testid={testId}>
          {content}
          <ChatBadge />
          <ChevronRightIcon className="ds-support__arrow" />
        </Link>
      </li>
    );
  }
  if (href === null) {
    return (
      <li className="ds-support__row ds-support__row--off" data-testid={testId} aria-disabled="true">
        {content}
      </li>
    );
  }
  const web = /^https?:/.test(href);
  return (
    <li>
      <a
        className="ds-support__row"
        href={href}
        data-testid={testId}
        {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
        <ChevronRightIcon className="ds-support__arrow" />
      </a>
    </li>
  );
}

/** The headset and a line of text above the contacts. */
export function SupportIntro({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="ds-support-intro" data-testid={testId}>
      <span className="ds-support-intro__icon" aria-hidden="true">
        <HeadsetIcon />
      </span>
      <p>{text}</p>
    </div>
  );
}

function ChatBadge() {
  const hasLogin = useSession((s) => s.hasLogin);
  return hasLogin ? <ChatUnreadBadge testId="support-chat-unread" /> : null;
}

/**
 * The tenant's support contacts with their icons, the Telegram agent of this site, and the in-app
 * chat (first: it answers inside the app) with its unread count. Used by Customer service (Earn)
 * and Contact us (Profile).
 */
export function SupportContacts({ testId = 'support-contacts' }: { testId?: string }) {
  const t = useT();
  const contacts = useCustomerService();
  const agent = useTelegramAgent();

  if (contacts.isPending) return <Loading />;
  if (contacts.isError)
    return (
      <LoadError error={contacts.error} onRetry={() => void contacts.refetch()} testId={`${testId}-error`} />
    );

  // The in-app chat comes first; the operator's address for it is always our chat page.
  const list: SupportContact[] = contacts.data.contacts.filter((c) => c.kind !== 'chat');
  const chats: SupportContact[] = contacts.data.contacts.filter((c) => c.kind === 'chat');
  const sameKind = (kind: ContactKind) => contacts.data.contacts.filter((c) => c.kind === kind).length;
  const agentUrl = agent.data?.url ?? null;
  const showAgent = agentUrl !== null && !list.some((c) => c.url === agentUrl);
  const row = (contact: SupportContact, index: number) => {
    const chat = contact.kind === 'chat';
    // Two contacts of one kind are told apart by the operator's labels.
    const title = sameKind(contact.kind) > 1 ? contact.label : t(KIND_LABELS[contact.kind]);
    return (
      <ContactRow
        key={`${contact.kind}-${index}`}
        kind={contact.kind}
        title={title}
        detail={chat ? t('support.chatOpen') : contactHandle(contact.kind, contact.url)}
        href={chat ? ROUTES.chat : safeContactUrl(contact.url)}
        testId={`support-${contact.kind}`}
      />
    );
  };

  return (
    <ul className="ds-card-list ds-support" data-testid={testId}>
      {chats.map(row)}
      {list.map(row)}
      {showAgent && (
        <ContactRow
          kind="telegram"
          title={t('support.telegramAgent')}
          detail={contactHandle('telegram', agentUrl)}
          href={safeContactUrl(agentUrl)}
          testId="support-telegram-agent"
        />
      )}
      {list.length === 0 && chats.length === 0 && !showAgent && (
        <li className="ds-support__row ds-support__row--off" data-testid={`${testId}-empty`}>
          {t('support.none')}
        </li>
      )}
    </ul>
  );
}
