import { TRANSCODE_STATUSES, type TranscodeJob, type TranscodeStatus } from '@dramastar/contract';
import { Card, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { useUrlFilters } from '../../../shared/ui/url-filters';
import { useT } from '../../../shared/i18n';
import { type JobsQuery, useJobs } from '../api/content';
import { JobProgress } from '../components/series-drawer';

/** Content → Transcoding: every upload's job with live progress (re-read every second while one runs). */
export function JobsPage() {
  const t = useT();
  const initial = useUrlFilters(TRANSCODE_STATUSES);
  const [query, setQuery] = useState<JobsQuery>({ pageNum: 1, pageSize: 20, ...initial });
  const jobs = useJobs(query);
  const filter = (patch: Partial<JobsQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const columns: TableColumnsType<TranscodeJob> = [
    { title: t('jobs.job'), dataIndex: 'id', width: 70 },
    { title: t('config.tenant'), dataIndex: 'tenantId', width: 80 },
    { title: t('nav.series'), dataIndex: 'seriesId', width: 80 },
    {
      title: t('analytics.episode'),
      key: 'episode',
      render: (_, j) =>
        j.episodeId
          ? t('jobs.replace', { n: j.episodeNumber })
          : t(j.status === 'done' ? 'jobs.number' : 'jobs.new', { n: j.episodeNumber }),
    },
    { title: t('copyrights.state'), key: 'state', render: (_, j) => <JobProgress job={j} /> },
    { title: t('jobs.uploaded'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('jobs.lastChange'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
  ];
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.transcoding')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Select<TranscodeStatus | undefined>
            data-testid="jobs-filter-status"
            allowClear
            placeholder={t('jobs.anyState')}
            className="ds-w-140"
            value={query.status}
            onChange={(status) => filter({ status })}
            options={TRANSCODE_STATUSES.map((s) => ({ value: s, label: t(`jobs.status.${s}`) }))}
          />
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
        </Space>
      </Card>
      {jobs.error ? <Typography.Text type="danger">{errorText(jobs.error)}</Typography.Text> : null}
      <Table<TranscodeJob>
        data-testid="all-jobs-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={jobs.data?.list ?? []}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: jobs.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
      />
    </Space>
  );
}
