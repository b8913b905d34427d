import { USER_STATUSES, type UserStatus } from '@dramastar/contract';
import { Button, Card, Input, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type AdminUser, type UserQuery, useUserSearch } from '../api/users';
import { UserDetailView } from '../components/user-detail';
import { StatusTag } from '../components/status-tag';

/**
 * Users: one search box (e-mail, user name, nickname, phone, user id, invite code), a status and a
 * tenant filter; a row opens the user's detail (`?userId=`), so a detail can be linked to.
 */
export function UsersPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const userId = params.get('userId');
  const [query, setQuery] = useState<UserQuery>({ pageNum: 1, pageSize: 20 });
  const list = useUserSearch(query);
  const filter = (patch: Partial<UserQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const open = (id: string) => setParams({ userId: id });

  if (userId && /^\d{1,18}$/.test(userId))
    return <UserDetailView userId={userId} onBack={() => setParams({})} />;

  const columns: TableColumnsType<AdminUser> = [
    { title: 'ID', dataIndex: 'userId', width: 80 },
    { title: t('config.tenant'), dataIndex: 'tenantId', width: 80 },
    {
      title: t('col.user'),
      key: 'user',
      render: (_, u) => (
        <span>
          {u.nickname}
          {u.userName ? (
            <>
              <br />
              <Typography.Text type="secondary">@{u.userName}</Typography.Text>
            </>
          ) : null}
        </span>
      ),
    },
    { title: t('users.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
    {
      title: t('users.phone'),
      key: 'phone',
      render: (_, u) => (u.phone ? `${u.areaCode ?? ''} ${u.phone}` : '—'),
    },
    { title: t('users.inviteCode'), dataIndex: 'inviteCode', render: (v: string) => <code>{v}</code> },
    { title: t('col.status'), dataIndex: 'status', render: (s: UserStatus) => <StatusTag status={s} /> },
    { title: t('users.registered'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: '',
      key: 'open',
      fixed: 'right',
      render: (_, u) => (
        <Button size="small" data-testid={`user-open-${u.userId}`} onClick={() => open(u.userId)}>
          {t('users.open')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.users')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Input.Search
            data-testid="users-search"
            allowClear
            enterButton={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            className="ds-w-420"
            maxLength={254}
            defaultValue={query.q}
            onSearch={(q) => filter({ q: q.trim() || undefined })}
          />
          <Select<UserStatus | undefined>
            data-testid="filter-user-status"
            allowClear
            placeholder={t('filter.anyStatus')}
            className="ds-w-140"
            value={query.status}
            onChange={(status) => filter({ status })}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`user.status.${s}`) }))}
          />
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
        </Space>
      </Card>
      {list.error ? <Typography.Text type="danger">{errorText(list.error)}</Typography.Text> : null}
      <Table<AdminUser>
        data-testid="users-table"
        rowKey="userId"
        size="small"
        scroll={{ x: 1000 }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        onRow={(u) => ({ onDoubleClick: () => open(u.userId) })}
        locale={{ emptyText: t(query.q ? 'users.noMatch' : 'users.none') }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
      />
    </Space>
  );
}
