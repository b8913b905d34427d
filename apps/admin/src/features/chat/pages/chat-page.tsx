import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MAX_TEXT,
  type ChatMessage,
  type ChatServerFrame,
} from '@dramastar/contract';
import { GiftOutlined, PictureOutlined } from '@ant-design/icons';
import { adminApi, adminCreditApi, adminFinanceApi, LANGUAGES, roleMayCall } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { tenantLabel, useMyTenants } from '../../../shared/api/my-tenants';
import { useT } from '../../../shared/i18n';
import { useUrlFilters } from '../../../shared/ui/url-filters';
import { CreditDialog } from '../../../shared/ui/credit-dialog';
import { orderLink, splitOrderNumbers } from '../order-links';
import { STARTER_REPLIES } from '../starter-replies';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Input,
  List,
  message as toast,
  Popconfirm,
  Row,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useSession } from '../../../shared/session/session';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import {
  type ChatConversationRow,
  chatKey,
  type ConversationQuery,
  fetchOlder,
  historyKey,
  markRead,
  uploadPicture,
  useAgents,
  useAssign,
  useCannedReplies,
  useClose,
  useConversation,
  useConversations,
  useHistory,
  useReply,
} from '../api/chat';
import { type SupportSocketStatus, useSupportSocket } from '../lib/support-socket';

type Tab = ConversationQuery['tab'];

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const STATUS_TAG: Record<SupportSocketStatus, { color: string; text: string }> = {
  open: { color: 'green', text: 'Live' },
  connecting: { color: 'gold', text: 'Connecting…' },
  closed: { color: 'red', text: 'Offline' },
};

function ConversationList({
  query,
  setQuery,
  selected,
  onSelect,
}: {
  query: ConversationQuery;
  setQuery: (q: ConversationQuery) => void;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useT();
  const list = useConversations(query);
  const counts = list.data?.counts;
  const label = (text: string, n: number | undefined, testId: string) => (
    <span data-testid={testId}>
      {text} <Badge count={n ?? 0} size="small" />
    </span>
  );
  return (
    <Card
      size="small"
      title={t('chat.conversations')}
      extra={
        <TenantFilter
          value={query.tenantId}
          onChange={(tenantId) => setQuery({ ...query, tenantId, pageNum: 1 })}
        />
      }
    >
      <Tabs
        activeKey={query.tab}
        onChange={(tab) => setQuery({ ...query, tab: tab as Tab, pageNum: 1 })}
        items={[
          {
            key: 'unassigned',
            label: label(t('chat.unassigned'), counts?.unreadUnassigned, 'chat-tab-unassigned'),
          },
          { key: 'mine', label: label(t('chat.mine'), counts?.unreadMine, 'chat-tab-mine') },
          { key: 'closed', label: <span data-testid="chat-tab-closed">{t('chat.closed')}</span> },
        ]}
      />
      {list.isError && <Alert type="error" title={errorText(list.error)} />}
      <List<ChatConversationRow>
        data-testid="chat-conversations"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('chat.noConversations')} /> }}
        pagination={
          (list.data?.total ?? 0) > query.pageSize
            ? {
                size: 'small',
                current: query.pageNum,
                pageSize: query.pageSize,
                total: list.data?.total ?? 0,
                onChange: (pageNum) => setQuery({ ...query, pageNum }),
              }
            : false
        }
        renderItem={(c) => (
          <List.Item
            key={c.id}
            data-testid="chat-conversation"
            data-id={c.id}
            onClick={() => onSelect(c.id)}
            className={c.id === selected ? 'ds-conversation ds-selected' : 'ds-conversation'}
          >
            <List.Item.Meta
              title={
                <Space>
                  <span>{c.userNickname || `user ${c.userId}`}</span>
                  <Typography.Text type="secondary">{c.tenantId}</Typography.Text>
                  {c.unread > 0 && <Badge count={c.unread} data-testid="chat-conversation-unread" />}
                </Space>
              }
              description={
                <Typography.Text type="secondary" ellipsis className="ds-max-260">
                  {c.lastMessage ?? '—'}
                </Typography.Text>
              }
            />
            <Typography.Text type="secondary" className="ds-small">
              {formatTime(c.lastMessageAt)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** A message's text with its order numbers as links (see `orderLink`). */
function MessageText({ body, userId, staff }: { body: string; userId: string; staff: boolean }) {
  const role = useSession((s) => s.operator?.role);
  const mayOpenQueues = role !== undefined && roleMayCall(role, adminApi.recharges);
  return (
    <>
      {splitOrderNumbers(body).map((part, i) =>
        'text' in part ? (
          <span key={i}>{part.text}</span>
        ) : (
          <Link
            key={i}
            to={orderLink(part, userId, mayOpenQueues)}
            data-testid="chat-order-link"
            className={staff ? 'ds-order-link ds-on-primary' : 'ds-order-link'}
          >
            {part.orderNo}
          </Link>
        ),
      )}
    </>
  );
}

function Bubble({ m, read, userId }: { m: ChatMessage; read: boolean; userId: string }) {
  const staff = m.senderKind !== 'user';
  return (
    <div
      data-testid="console-chat-message"
      data-sender={m.senderKind}
      className={staff ? 'ds-message ds-message-staff' : 'ds-message'}
    >
      <div className="ds-bubble-wrap">
        <div className={staff ? 'ds-bubble ds-bubble-staff' : 'ds-bubble'}>
          {m.kind === 'image' && m.imageUrl ? (
            <a href={m.imageUrl} target="_blank" rel="noopener noreferrer">
              <img src={m.imageUrl} alt="" className="ds-chat-image" />
            </a>
          ) : (
            <MessageText body={m.body} userId={userId} staff={staff} />
          )}
        </div>
        <Typography.Text type="secondary" className="ds-tiny">
          {staff ? `${m.senderName ?? 'staff'} · ` : ''}
          {formatTime(m.createdAt)}
          {read && <span data-testid="console-chat-read"> · Read</span>}
        </Typography.Text>
      </div>
    </div>
  );
}

function ConversationPanel({
  conversationId,
  userTyping,
  sendFrame,
}: {
  conversationId: string;
  userTyping: boolean;
  sendFrame: (frame: unknown) => boolean;
}) {
  const me = useSession((s) => s.operator);
  const t = useT();
  const tenants = useMyTenants();
  const [crediting, setCrediting] = useState(false);
  const mayCredit = me !== null && roleMayCall(me.role, adminCreditApi.create);
  const mayReadLedger = me !== null && roleMayCall(me.role, adminFinanceApi.ledgerAccounts);
  const client = useQueryClient();
  const conversation = useConversation(conversationId);
  const history = useHistory(conversationId);
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState<boolean | null>(null);
  const [text, setText] = useState('');
  const assign = useAssign();
  const reply = useReply();
  const close = useClose();
  const c = conversation.data;
  const agents = useAgents(c?.tenantId);
  const canned = useCannedReplies(c?.tenantId);
  // The tenant's own replies first, then the starter set: the tenant's language first.
  const tenantLanguage = tenants.data?.list.find((x) => x.tenantId === c?.tenantId)?.language ?? 'en';
  const languages = [tenantLanguage, ...LANGUAGES.map((l) => l.key).filter((l) => l !== tenantLanguage)];
  const cannedBodies = new Map<string, string>([
    ...(canned.data?.list ?? []).map((r): [string, string] => [`tenant:${r.id}`, r.body]),
    ...languages.flatMap((l) =>
      STARTER_REPLIES.map((r): [string, string] => [`starter:${l}:${r.id}`, r.body[l]]),
    ),
  ]);
  const cannedOptions = [
    ...((canned.data?.list.length ?? 0) > 0
      ? [
          {
            label: t('chat.cannedTenant'),
            options: (canned.data?.list ?? []).map((r) => ({ value: `tenant:${r.id}`, label: r.title })),
          },
        ]
      : []),
    ...languages.map((l) => ({
      label: t('chat.cannedStarter', { language: LANGUAGES.find((x) => x.key === l)?.name ?? l }),
      options: STARTER_REPLIES.map((r) => ({ value: `starter:${l}:${r.id}`, label: `${r.title[l]} (${l})` })),
    })),
  ];
  const scroller = useRef<HTMLDivElement>(null);
  const lastTyping = useRef(0);

  const messages = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const m of [...older, ...(history.data?.list ?? [])]) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }, [older, history.data]);

  // Newest at the bottom, and what the user wrote counts as read once shown here.
  const newest = messages.at(-1);
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    const lastUser = [...messages].reverse().find((m) => m.senderKind === 'user');
    if (c && lastUser && BigInt(lastUser.id) > BigInt(c.staffLastReadId) && c.status === 'open') {
      void markRead(conversationId, lastUser.id)
        .then(() => client.invalidateQueries({ queryKey: chatKey }))
        .catch(() => undefined);
    }
  }, [newest?.id, c?.staffLastReadId]); // eslint-disable-line react-hooks/exhaustive-deps

  // A reply is cleared only once the server has stored it. It keeps its clientId until then, so
  // sending again after a network failure cannot store it twice.
  const draft = useRef<{ body: string; clientId: string } | null>(null);
  const send = (body: string) => {
    const trimmed = body.trim();
    if (!trimmed || reply.isPending) return;
    if (draft.current?.body !== trimmed) draft.current = { body: trimmed, clientId: newClientId() };
    const { clientId } = draft.current;
    reply.mutate(
      { conversationId, clientId, kind: 'text', body: trimmed },
      {
        onSuccess: () => {
          if (draft.current?.clientId === clientId) draft.current = null;
          setText((current) => (current.trim() === trimmed ? '' : current));
        },
        onError: (e) => void toast.error(errorText(e)),
      },
    );
  };
  // A picture: checked here for type and size (the server checks its bytes), stored, then sent.
  const picker = useRef<HTMLInputElement>(null);
  const [sendingPicture, setSendingPicture] = useState(false);
  const sendPicture = async (file: File) => {
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) {
      void toast.error(t('chat.pictureType'));
      return;
    }
    if (file.size > CHAT_IMAGE_MAX_BYTES) {
      void toast.error(t('chat.pictureSize', { mb: CHAT_IMAGE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setSendingPicture(true);
    try {
      const image = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () =>
          typeof reader.result === 'string'
            ? resolve(reader.result)
            : reject(new Error('The picture could not be read.'));
        reader.onerror = () => reject(new Error('The picture could not be read.'));
        reader.readAsDataURL(file);
      });
      const { imageKey } = await uploadPicture(conversationId, image);
      await reply.mutateAsync({ conversationId, clientId: newClientId(), kind: 'image', imageKey });
    } catch (e) {
      void toast.error(errorText(e));
    } finally {
      setSendingPicture(false);
    }
  };
  // The newest staff message the user has read: marked "Read" (read receipts).
  const userReadId = c ? BigInt(c.userLastReadId) : 0n;
  const readStaffId = [...messages]
    .reverse()
    .find((m) => m.senderKind !== 'user' && BigInt(m.id) <= userReadId)?.id;

  if (conversation.isError) return <Alert type="error" title={errorText(conversation.error)} />;
  if (!c) return <Card loading />;
  const open = c.status === 'open';
  const mine = me !== null && c.assignedOperatorId === me.id;
  const firstId = messages[0]?.id;
  const showOlder = hasOlder ?? history.data?.hasMore ?? false;

  return (
    <Card
      size="small"
      data-testid="chat-panel"
      title={
        <Space wrap>
          <span data-testid="chat-panel-user">{c.userNickname || `user ${c.userId}`}</span>
          <Tag color={open ? 'green' : 'default'} data-status={c.status}>
            {t(`chat.status.${c.status}`)}
          </Tag>
          {c.assignedOperator && <Tag color="blue">{c.assignedOperator}</Tag>}
        </Space>
      }
      extra={
        open && (
          <Space>
            {!mine && (
              <Button
                data-testid="chat-assign-me"
                loading={assign.isPending}
                onClick={() =>
                  assign.mutate({ conversationId }, { onError: (e) => void toast.error(errorText(e)) })
                }
              >
                {t('chat.assignMe')}
              </Button>
            )}
            <Select
              data-testid="chat-assign-other"
              placeholder={t('chat.handOver')}
              className="ds-w-160"
              value={null}
              options={(agents.data?.list ?? [])
                .filter((a) => a.id !== c.assignedOperatorId)
                .map((a) => ({ value: a.id, label: `${a.username} (${a.role})` }))}
              onChange={(operatorId: string) =>
                assign.mutate(
                  { conversationId, operatorId },
                  { onError: (e) => void toast.error(errorText(e)) },
                )
              }
            />
            <Popconfirm
              title={t('chat.closeConfirm')}
              onConfirm={() =>
                close.mutate({ conversationId }, { onError: (e) => void toast.error(errorText(e)) })
              }
            >
              <Button danger data-testid="chat-close" loading={close.isPending}>
                {t('close')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      <Space wrap size="small" data-testid="chat-panel-details" className="ds-small">
        <Link to={`/users?userId=${c.userId}`} data-testid="chat-user-link">
          {c.userEmail ?? t('chat.userN', { id: c.userId })}
        </Link>
        <Link to={`/users?userId=${c.userId}&tab=wallet`} data-testid="chat-wallet-link">
          {t('chat.wallet')}
        </Link>
        {mayReadLedger ? (
          <Link to={`/finance/ledger?user=${c.userId}`} data-testid="chat-ledger-link">
            {t('chat.ledger')}
          </Link>
        ) : null}
        <Typography.Text type="secondary">{tenantLabel(tenants.data?.list, c.tenantId)}</Typography.Text>
        {mayCredit && open ? (
          <Button
            size="small"
            icon={<GiftOutlined />}
            data-testid="chat-credit"
            onClick={() => setCrediting(true)}
          >
            {t('credit.open')}
          </Button>
        ) : null}
      </Space>
      {mayCredit ? (
        <CreditDialog
          userId={c.userId}
          userName={c.userNickname || t('chat.userN', { id: c.userId })}
          conversationId={c.id}
          open={crediting}
          onClose={() => setCrediting(false)}
        />
      ) : null}
      <div ref={scroller} data-testid="console-chat-messages" className="ds-thread">
        {showOlder && firstId && (
          <div className="ds-center">
            <Button
              type="link"
              size="small"
              onClick={() =>
                void fetchOlder(conversationId, firstId).then((page) => {
                  setOlder((o) => [...page.list, ...o]);
                  setHasOlder(page.hasMore);
                })
              }
            >
              {t('chat.earlier')}
            </Button>
          </div>
        )}
        {history.isPending ? (
          <Card loading variant="borderless" />
        ) : messages.length === 0 ? (
          <Empty description={t('chat.noMessages')} />
        ) : (
          messages.map((m) => <Bubble key={m.id} m={m} read={m.id === readStaffId} userId={c.userId} />)
        )}
        {userTyping && (
          <Typography.Text type="secondary" data-testid="chat-user-typing">
            {t('chat.typing')}
          </Typography.Text>
        )}
      </div>
      {open ? (
        <Space.Compact orientation="vertical" className="ds-fill ds-mt-8">
          <Select
            data-testid="chat-canned"
            placeholder={t('chat.canned')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            options={cannedOptions}
            onChange={(id: string | null) => {
              const picked = id ? cannedBodies.get(id) : undefined;
              if (picked) setText(picked);
            }}
          />
          <Input.TextArea
            data-testid="chat-reply-input"
            value={text}
            maxLength={CHAT_MAX_TEXT}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('chat.replyPlaceholder')}
            onChange={(e) => {
              setText(e.target.value);
              const now = Date.now();
              if (now - lastTyping.current > 2000) {
                lastTyping.current = now;
                sendFrame({ type: 'typing', conversationId });
              }
            }}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                send(text);
              }
            }}
          />
          <input
            ref={picker}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            data-testid="chat-picture-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void sendPicture(file);
            }}
          />
          <Button
            data-testid="chat-picture"
            icon={<PictureOutlined />}
            loading={sendingPicture}
            onClick={() => picker.current?.click()}
          >
            {t('chat.attach')}
          </Button>
          <Button
            type="primary"
            data-testid="chat-reply-send"
            loading={reply.isPending && !sendingPicture}
            disabled={!text.trim()}
            onClick={() => send(text)}
          >
            {t('chat.send')}
          </Button>
        </Space.Compact>
      ) : (
        <Alert className="ds-mt-8" type="info" title={`Closed ${formatTime(c.closedAt)}`} />
      )}
    </Card>
  );
}

/** Support → Chat: the conversation lists (unassigned, mine, closed), one conversation, live replies. */
export function ChatPage() {
  const client = useQueryClient();
  const t = useT();
  const initial = useUrlFilters([]);
  const [query, setQuery] = useState<ConversationQuery>({
    tab: 'unassigned',
    pageNum: 1,
    pageSize: 20,
    ...(initial.tenantId ? { tenantId: initial.tenantId } : {}),
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [typingIn, setTypingIn] = useState<{ id: string; until: number } | null>(null);

  const onFrame = (frame: ChatServerFrame, reconnected: boolean) => {
    switch (frame.type) {
      case 'hello':
        // Back after a drop: whatever happened meanwhile is fetched again.
        if (reconnected) void client.invalidateQueries({ queryKey: chatKey });
        return;
      case 'message':
        void client.invalidateQueries({ queryKey: historyKey(frame.message.conversationId) });
        void client.invalidateQueries({ queryKey: [...chatKey, 'conversations'] });
        if (frame.message.senderKind === 'user') setTypingIn(null);
        return;
      case 'typing':
        if (frame.senderKind === 'user') setTypingIn({ id: frame.conversationId, until: Date.now() + 4000 });
        return;
      case 'read':
      case 'conversation':
        void client.invalidateQueries({ queryKey: chatKey });
        return;
      case 'error':
        void toast.error(frame.message);
        return;
      default:
        return;
    }
  };
  const socket = useSupportSocket(onFrame);

  useEffect(() => {
    if (!typingIn) return undefined;
    const timer = setTimeout(() => setTypingIn(null), Math.max(0, typingIn.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typingIn]);

  const status = STATUS_TAG[socket.status];
  return (
    <Space orientation="vertical" className="ds-fill">
      <Space>
        <Typography.Title level={4} className="ds-flush">
          {t('chat.title')}
        </Typography.Title>
        <Tag color={status.color} data-testid="chat-socket-status" data-status={socket.status}>
          {status.text}
        </Tag>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <ConversationList query={query} setQuery={setQuery} selected={selected} onSelect={setSelected} />
        </Col>
        <Col xs={24} lg={15}>
          {selected ? (
            <ConversationPanel
              key={selected}
              conversationId={selected}
              userTyping={typingIn?.id === selected}
              sendFrame={socket.send}
            />
          ) : (
            <Card>
              <Empty description={t('chat.pick')} />
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
