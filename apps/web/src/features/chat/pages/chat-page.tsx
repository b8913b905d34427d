import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MAX_TEXT,
  type ChatMessage,
  type Language,
  localeOf,
} from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { HeadsetIcon, ImageIcon, PageContainer, showToast, Spinner } from '../../../shared/ui';
import { uploadChatImage } from '../api/chat';
import type { OutboxItem } from '../lib/chat-client';
import { clipMessage, lastReadByStaff } from '../lib/messages';
import { useChat } from '../lib/use-chat';
import { Loading, LoadError } from '../../../shared/ui/signed-in-page';
import '../chat.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** The composer shows how much of CHAT_MAX_TEXT is used from this many characters on. */
const COUNT_FROM = Math.floor(CHAT_MAX_TEXT * 0.8);

/** How much of a message is written, near the limit; at the limit, what the limit is. */
function Counter({ length }: { length: number }) {
  const t = useT();
  if (length < COUNT_FROM) return null;
  const full = length >= CHAT_MAX_TEXT;
  return (
    <span
      id="chat-count"
      className={full ? 'ds-chat__count ds-chat__count--full' : 'ds-chat__count'}
      data-testid="chat-count"
      role="status"
    >
      {full && <span>{t.message('ChatMessageTooLong', { max: CHAT_MAX_TEXT })} · </span>}
      {t('chat.count', { count: length, max: CHAT_MAX_TEXT })}
    </span>
  );
}

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function timeOf(iso: string, language: Language) {
  try {
    return new Date(iso).toLocaleTimeString(localeOf(language), {
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return '';
  }
}

function Bubble({ message, read }: { message: ChatMessage; read: boolean }) {
  const t = useT();
  const mine = message.senderKind === 'user';
  return (
    <li
      className={`ds-chat__item ${mine ? 'ds-chat__item--mine' : 'ds-chat__item--staff'}`}
      data-testid="chat-message"
      data-sender={message.senderKind}
      data-id={message.id}
    >
      {!mine && <span className="ds-chat__who">{message.senderName ?? t('chat.support')}</span>}
      <div className="ds-chat__bubble">
        {message.kind === 'image' && message.imageUrl ? (
          <a href={message.imageUrl} target="_blank" rel="noopener noreferrer">
            <img className="ds-chat__image" src={message.imageUrl} alt={t('chat.image')} loading="lazy" />
          </a>
        ) : (
          <span className="ds-chat__text">{message.body}</span>
        )}
      </div>
      <span className="ds-chat__meta">
        {timeOf(message.createdAt, t.language)}
        {read && (
          <span className="ds-chat__read" data-testid="chat-read">
            {' · '}
            {t('chat.read')}
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * How soon support usually answers, said when a conversation opens. A promise the team keeps in
 * its service hours; outside them the reply comes when the team is back, and waits in this chat.
 */
export const USUAL_REPLY_MINUTES = 15;

/**
 * Support's greeting at the top of every open conversation: who answers, and when to expect it.
 * Drawn by the app (not a message stored on the server), so it never counts as unread.
 */
function Greeting() {
  const t = useT();
  const name = useSession((s) => s.userInfo?.nickname ?? null);
  return (
    <li className="ds-chat__item ds-chat__item--staff" data-testid="chat-greeting">
      <span className="ds-chat__who">{t('chat.support')}</span>
      <div className="ds-chat__bubble">
        <span className="ds-chat__text">
          {name ? t('chat.greetingNamed', { name }) : t('chat.greeting')}
          {'\n'}
          {t('chat.replyTime', { minutes: USUAL_REPLY_MINUTES })}
        </span>
      </div>
    </li>
  );
}

function PendingBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: OutboxItem;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  return (
    <li className="ds-chat__item ds-chat__item--mine ds-chat__item--pending" data-testid="chat-pending">
      <div className="ds-chat__bubble">
        {item.kind === 'image' ? (
          item.previewUrl ? (
            <img className="ds-chat__image" src={item.previewUrl} alt={t('chat.image')} />
          ) : (
            <span className="ds-chat__text">{t('chat.image')}</span>
          )
        ) : (
          <span className="ds-chat__text">{item.body}</span>
        )}
      </div>
      {item.failed ? (
        <span className="ds-chat__meta ds-chat__meta--failed" data-testid="chat-failed">
          {item.failed}{' '}
          <button type="button" className="ds-link" onClick={onRetry}>
            {t('common.retry')}
          </button>{' '}
          <button type="button" className="ds-link" onClick={onDiscard}>
            {t('chat.discard')}
          </button>
        </span>
      ) : (
        <span className="ds-chat__meta">{t('chat.sending')}</span>
      )}
    </li>
  );
}

function StatusLine() {
  const t = useT();
  const status = useSession((s) => s.socketStatus);
  if (status === 'open')
    return <div className="ds-visually-hidden" data-testid="chat-status" data-status={status} />;
  return (
    <div
      className={`ds-chat__status ds-chat__status--${status}`}
      data-testid="chat-status"
      data-status={status}
      role="status"
    >
      {status === 'connecting' ? t('chat.connecting') : t('chat.offline')}
    </div>
  );
}

function ChatRoom() {
  const t = useT();
  const chat = useChat();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const pinned = useRef(true);

  const count = chat.messages.length + chat.outbox.length;
  // Follow the conversation while the user is at the bottom.
  useEffect(() => {
    const el = listRef.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [count, chat.staffTyping]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body) return;
    if (body.length > CHAT_MAX_TEXT) {
      showToast(t.message('ChatMessageTooLong', { max: CHAT_MAX_TEXT }));
      return;
    }
    pinned.current = true;
    chat.send({ kind: 'text', body });
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      showToast(t('chat.imageType'));
      return;
    }
    if (file.size > CHAT_IMAGE_MAX_BYTES) {
      showToast(t.message('ImageTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadChatImage(await readDataUrl(file));
      pinned.current = true;
      chat.send({ kind: 'image', imageKey: uploaded.imageKey, previewUrl: uploaded.url });
    } catch {
      // The request helper has shown why.
    } finally {
      setUploading(false);
    }
  };

  if (chat.loading) return <Loading />;
  if (chat.loadError) return <LoadError error={null} onRetry={chat.reload} testId="chat-error" />;

  const readMark = lastReadByStaff(chat.messages, chat.staffLastReadId);
  const shown = new Set(chat.messages.map((m) => m.clientId));
  const pending = chat.outbox.filter((i) => !shown.has(i.clientId));

  return (
    <div className="ds-chat" data-testid="chat-room">
      <StatusLine />
      <div
        className="ds-chat__scroll"
        ref={listRef}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {chat.hasOlder && (
          <button
            type="button"
            className="ds-chat__older ds-link"
            data-testid="chat-older"
            disabled={chat.loadingOlder}
            onClick={() => {
              pinned.current = false;
              chat.loadOlder();
            }}
          >
            {t('chat.loadEarlier')}
          </button>
        )}
        {count === 0 && (
          <div className="ds-chat__intro" data-testid="chat-empty">
            <span className="ds-chat__intro-icon" aria-hidden="true">
              <HeadsetIcon />
            </span>
            <p>{t('chat.intro')}</p>
          </div>
        )}
        <ul className="ds-chat__list" data-testid="chat-messages" aria-live="polite">
          {!chat.closed && <Greeting />}
          {chat.messages.map((m) => (
            <Bubble key={m.id} message={m} read={m.id === readMark} />
          ))}
          {pending.map((item) => (
            <PendingBubble
              key={item.clientId}
              item={item}
              onRetry={() => chat.retry(item.clientId)}
              onDiscard={() => chat.discard(item.clientId)}
            />
          ))}
        </ul>
        {chat.staffTyping && (
          <div className="ds-chat__typing" data-testid="chat-typing">
            {t('chat.typing')}
          </div>
        )}
        {chat.closed && (
          <div className="ds-chat__closed" data-testid="chat-closed">
            {t('chat.closed')}
          </div>
        )}
      </div>
      <form className="ds-chat__composer" onSubmit={submit}>
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="ds-visually-hidden"
          data-testid="chat-file"
          onChange={(e) => void pickImage(e)}
        />
        <button
          type="button"
          className="ds-icon-button ds-chat__attach"
          aria-label={t('chat.sendImage')}
          data-testid="chat-attach"
          disabled={uploading}
          onClick={() => fileRef.current?.click()}
        >
          {uploading ? <Spinner /> : <ImageIcon />}
        </button>
        <div className="ds-chat__field">
          <textarea
            className="ds-chat__input"
            rows={1}
            value={text}
            maxLength={CHAT_MAX_TEXT}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            aria-describedby={text.length >= COUNT_FROM ? 'chat-count' : undefined}
            data-testid="chat-input"
            onChange={(e) => {
              setText(clipMessage(e.target.value));
              if (e.target.value) chat.typing();
            }}
            onKeyDown={onKeyDown}
          />
          <Counter length={text.length} />
        </div>
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          size="small"
          className="ds-chat__send"
          data-testid="chat-send"
          disabled={!text.trim()}
        >
          {t('chat.send')}
        </Button>
      </form>
    </div>
  );
}

/** /pages/profile/chat/index: the user's live conversation with the tenant's support staff. */
export default function ChatPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer title={t('chat.title')} className="ds-chat-page">
      {hasLogin ? <ChatRoom /> : <LoginRequired />}
    </PageContainer>
  );
}
