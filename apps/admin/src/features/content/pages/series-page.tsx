import { PlusOutlined } from '@ant-design/icons';
import { SERIES_STATUSES, type SeriesStatus } from '@dramastar/contract';
import {
  Button,
  Card,
  Image,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type SeriesQuery, type SeriesRow, useSeriesList } from '../api/content';
import { SeriesDrawer } from '../components/series-drawer';
import { SeriesForm } from '../components/series-form';
import { SERIES_COLORS } from '../content-format';

/** Content → Series: the list, create/edit, and a drawer per series for media and publishing. */
export function SeriesPage() {
  const t = useT();
  const [query, setQuery] = useState<SeriesQuery>({ pageNum: 1, pageSize: 20 });
  const [form, setForm] = useState<{ series: SeriesRow | null } | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const list = useSeriesList(query);
  const filter = (patch: Partial<SeriesQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const columns: TableColumnsType<SeriesRow> = [
    {
      title: t('series.cover'),
      dataIndex: 'cover',
      width: 70,
      render: (src: string) => (src ? <Image src={src} width={40} height={54} className="ds-cover" /> : '—'),
    },
    {
      title: t('copyrights.title'),
      key: 'title',
      render: (_, s) => (
        <span data-testid={`series-row-${s.id}`}>
          <Typography.Text strong>{s.title.en}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {s.slug} · {s.category}
            {s.tags.length ? ` · ${s.tags.join(', ')}` : ''}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('config.tenant'), dataIndex: 'tenantId', width: 80 },
    {
      title: t('col.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: SeriesStatus, r) => (
        <Tag color={SERIES_COLORS[s]} data-testid={`series-status-${r.id}`}>
          {s}
        </Tag>
      ),
    },
    { title: t('series.episodes'), dataIndex: 'episodeCount', width: 90, align: 'right' },
    { title: t('series.free'), dataIndex: 'freeEpisodes', width: 60, align: 'right' },
    {
      title: t('series.order'),
      dataIndex: 'sortOrder',
      width: 70,
      align: 'right',
      render: (n: number) => (n === 0 ? '—' : n),
    },
    {
      title: t('series.banner'),
      dataIndex: 'bannerOrder',
      width: 80,
      align: 'right',
      render: (n: number | null) => n ?? '—',
    },
    // Plays count once per viewer and episode in 30 minutes; viewers are distinct, last 30 days.
    { title: t('series.plays'), dataIndex: 'playCount', width: 80, align: 'right' },
    { title: t('series.viewers30'), dataIndex: 'viewers', width: 100, align: 'right' },
    {
      title: t('series.updated'),
      key: 'updated',
      width: 110,
      render: (_, s) => formatTime(s.updatedAt ?? s.createdAt),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, s) => (
        <Space>
          <Button size="small" data-testid={`series-edit-${s.id}`} onClick={() => setForm({ series: s })}>
            {t('copyrights.edit')}
          </Button>
          <Button
            size="small"
            type="primary"
            data-testid={`series-open-${s.id}`}
            title={t('series.openTitle')}
            onClick={() => setOpened(s.id)}
          >
            {t('series.episodes')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Space className="ds-apart">
        <Typography.Title level={3} className="ds-flush">
          {t('nav.series')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="series-new"
          onClick={() => setForm({ series: null })}
        >
          {t('series.new')}
        </Button>
      </Space>
      <Card size="small">
        <Space wrap>
          <Input.Search
            data-testid="series-search"
            allowClear
            placeholder={t('series.search')}
            className="ds-w-220"
            onSearch={(v) => filter({ keyword: v.trim() || undefined })}
          />
          <Select<SeriesStatus | undefined>
            data-testid="series-filter-status"
            allowClear
            placeholder={t('filter.anyStatus')}
            className="ds-w-140"
            value={query.status}
            onChange={(status) => filter({ status })}
            options={SERIES_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
        </Space>
      </Card>
      {list.error ? <Typography.Text type="danger">{errorText(list.error)}</Typography.Text> : null}
      <Table<SeriesRow>
        data-testid="series-table"
        rowKey="id"
        size="small"
        scroll={{ x: 1100 }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
      />
      <SeriesForm
        open={form !== null}
        series={form?.series ?? null}
        onClose={() => setForm(null)}
        onSaved={(s) => {
          if (!form?.series) setOpened(s.id);
        }}
      />
      <SeriesDrawer seriesId={opened} onClose={() => setOpened(null)} />
    </Space>
  );
}
