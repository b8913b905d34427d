import { ArrowDownOutlined, ArrowUpOutlined, UploadOutlined } from '@ant-design/icons';
import { CONTENT_LIMITS, type AdminEpisode, type TranscodeJob } from '@dramastar/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Image,
  InputNumber,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import {
  readDataUrl,
  useDeleteEpisode,
  useJobs,
  useReorderEpisodes,
  useSeriesDetail,
  useSetBanner,
  useSetStatus,
  useUploadCover,
  useUploadEpisode,
} from '../api/content';
import { JOB_COLORS } from '../content-format';
import { EpisodeMedia } from './episode-media';

const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const VIDEO_ACCEPT = [...VIDEO_TYPES, '.mp4', '.mov', '.webm'].join(',');

/** A job's state with its progress bar (data-status for tests). */
export function JobProgress({ job }: { job: TranscodeJob }) {
  const percent = Math.round(job.progress * 100);
  return (
    <Space orientation="vertical" size={0} className="ds-w-220">
      <Space>
        <Tag color={JOB_COLORS[job.status]} data-testid={`job-status-${job.id}`} data-status={job.status}>
          {job.status}
        </Tag>
        {job.attempts > 1 ? <Typography.Text type="secondary">attempt {job.attempts}</Typography.Text> : null}
      </Space>
      <Progress
        data-testid={`job-progress-${job.id}`}
        data-progress={percent}
        percent={percent}
        size="small"
        status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
      />
      {job.error ? (
        <Typography.Text type="danger" className="ds-small" ellipsis={{ tooltip: job.error }}>
          {job.error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * One series: cover, publishing, banner position, its episodes (upload, replace, reorder,
 * delete; each opens to its rendition ladder and subtitle tracks) and its transcoding jobs with
 * live progress.
 */
export function SeriesDrawer({ seriesId, onClose }: { seriesId: number | null; onClose: () => void }) {
  const t = useT();
  const detail = useSeriesDetail(seriesId);
  const jobs = useJobs({ pageNum: 1, pageSize: 10, seriesId: seriesId ?? undefined }, seriesId !== null);
  const cover = useUploadCover();
  const status = useSetStatus();
  const banner = useSetBanner();
  const upload = useUploadEpisode();
  const reorder = useReorderEpisodes();
  const remove = useDeleteEpisode();
  const [sent, setSent] = useState<number | null>(null);
  const [bannerValue, setBannerValue] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const series = detail.data?.series;
  const episodes = detail.data?.episodes ?? [];
  const error = localError ?? [cover, status, banner, upload, reorder, remove].find((m) => m.error)?.error;

  const clearErrors = () => {
    setLocalError(null);
    for (const m of [cover, status, banner, upload, reorder, remove]) m.reset();
  };

  const sendVideo = (file: File, episodeId?: number) => {
    clearErrors();
    if (!seriesId) return false;
    if (!/\.(mp4|mov|webm)$/i.test(file.name) && !VIDEO_TYPES.includes(file.type)) {
      setLocalError(t('drawer.videoType'));
      return false;
    }
    if (file.size > CONTENT_LIMITS.videoMaxBytes) {
      setLocalError(t('drawer.videoSize', { mb: CONTENT_LIMITS.videoMaxBytes / 1024 / 1024 }));
      return false;
    }
    setSent(0);
    upload.mutate({ seriesId, episodeId, file, onProgress: setSent }, { onSettled: () => setSent(null) });
    return false;
  };

  const move = (index: number, by: -1 | 1) => {
    if (!seriesId) return;
    const ids = episodes.map((e) => e.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    clearErrors();
    reorder.mutate({ seriesId, episodeIds: ids });
  };

  const episodeColumns: TableColumnsType<AdminEpisode> = [
    {
      title: t('drawer.no'),
      dataIndex: 'number',
      width: 60,
      render: (n: number, e) => <span data-testid={`episode-number-${e.id}`}>{n}</span>,
    },
    {
      title: t('drawer.poster'),
      dataIndex: 'poster',
      width: 70,
      render: (src: string) => <Image src={src} width={36} height={64} className="ds-cover" />,
    },
    { title: t('drawer.length'), dataIndex: 'duration', render: (d: number) => `${d.toFixed(1)} s` },
    {
      title: t('drawer.ladder'),
      key: 'ladder',
      render: (_, e) =>
        e.renditions.length > 0 ? e.renditions.map((r) => r.name).join(' · ') : t('drawer.single'),
    },
    { title: t('drawer.added'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, e, index) => (
        <Space>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('drawer.up')}
            data-testid={`episode-up-${e.id}`}
            disabled={index === 0 || reorder.isPending}
            onClick={() => move(index, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('drawer.down')}
            data-testid={`episode-down-${e.id}`}
            disabled={index === episodes.length - 1 || reorder.isPending}
            onClick={() => move(index, 1)}
          />
          <Upload accept={VIDEO_ACCEPT} showUploadList={false} beforeUpload={(file) => sendVideo(file, e.id)}>
            <Button size="small" data-testid={`episode-replace-${e.id}`}>
              {t('drawer.replace')}
            </Button>
          </Upload>
          <Popconfirm
            title={t('drawer.deleteConfirm', { n: e.number })}
            okText={t('drawer.delete')}
            okButtonProps={{ danger: true, 'data-testid': `episode-delete-ok-${e.id}` }}
            onConfirm={() => {
              clearErrors();
              remove.mutate({ episodeId: e.id });
            }}
          >
            <Button size="small" danger data-testid={`episode-delete-${e.id}`}>
              {t('drawer.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const jobColumns: TableColumnsType<TranscodeJob> = [
    { title: t('jobs.job'), dataIndex: 'id', width: 70 },
    {
      title: t('analytics.episode'),
      key: 'episode',
      render: (_, j) => t(j.episodeId ? 'jobs.replace' : 'jobs.new', { n: j.episodeNumber }),
    },
    { title: t('copyrights.state'), key: 'state', render: (_, j) => <JobProgress job={j} /> },
    { title: t('jobs.uploaded'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
  ];

  return (
    <Drawer
      open={seriesId !== null}
      onClose={() => {
        clearErrors();
        onClose();
      }}
      size="large"
      title={series ? `${series.title.en} (${series.tenantId})` : t('nav.series')}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" className="ds-fill" data-testid="series-drawer">
        {error ? (
          <Alert
            data-testid="series-drawer-error"
            type="error"
            showIcon
            closable={{ onClose: clearErrors }}
            title={typeof error === 'string' ? error : errorText(error)}
          />
        ) : null}
        {series ? (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('series.cover')} span={2}>
              <Space align="start">
                {series.cover ? (
                  <span data-testid="series-cover">
                    <Image src={series.cover} width={90} />
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('drawer.noCover')}</Typography.Text>
                )}
                <Upload
                  accept={COVER_TYPES.join(',')}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    clearErrors();
                    if (!COVER_TYPES.includes(file.type)) setLocalError(t('drawer.coverType'));
                    else if (file.size > CONTENT_LIMITS.coverMaxBytes)
                      setLocalError(t('seriesForm.coverTooLarge'));
                    else void readDataUrl(file).then((image) => cover.mutate({ id: series.id, image }));
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={cover.isPending} data-testid="cover-upload">
                    {t('drawer.uploadCover')}
                  </Button>
                </Upload>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('col.status')}>
              <Space>
                <Tag data-testid="series-status" color={series.status === 'published' ? 'green' : 'default'}>
                  {series.status}
                </Tag>
                {series.status === 'published' ? (
                  <Button
                    size="small"
                    data-testid="series-unpublish"
                    loading={status.isPending}
                    onClick={() => status.mutate({ id: series.id, status: 'draft' })}
                  >
                    {t('drawer.unpublish')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    data-testid="series-publish"
                    loading={status.isPending}
                    onClick={() => {
                      clearErrors();
                      status.mutate({ id: series.id, status: 'published' });
                    }}
                  >
                    {t('drawer.publish')}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('analytics.from.banner')}>
              <Space>
                <InputNumber
                  data-testid="banner-order"
                  min={1}
                  max={1000}
                  placeholder={series.bannerOrder === null ? t('drawer.none') : String(series.bannerOrder)}
                  value={bannerValue}
                  onChange={(v) => setBannerValue(v)}
                  className="ds-w-90"
                />
                <Button
                  size="small"
                  data-testid="banner-set"
                  disabled={bannerValue === null}
                  loading={banner.isPending}
                  onClick={() => {
                    clearErrors();
                    banner.mutate(
                      { id: series.id, bannerOrder: bannerValue },
                      { onSuccess: () => setBannerValue(null) },
                    );
                  }}
                >
                  {t('drawer.set')}
                </Button>
                {series.bannerOrder !== null ? (
                  <Button
                    size="small"
                    data-testid="banner-clear"
                    onClick={() => banner.mutate({ id: series.id, bannerOrder: null })}
                  >
                    {t('drawer.clear', { n: series.bannerOrder })}
                  </Button>
                ) : null}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        ) : null}

        <Space wrap>
          <Typography.Title level={5} className="ds-flush ds-nowrap">
            {t('series.episodes')}
          </Typography.Title>
          <Upload accept={VIDEO_ACCEPT} showUploadList={false} beforeUpload={(file) => sendVideo(file)}>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              data-testid="episode-upload"
              loading={upload.isPending}
              disabled={!series}
            >
              {t('drawer.upload')}
            </Button>
          </Upload>
          {sent !== null ? (
            <Progress
              data-testid="upload-progress"
              percent={Math.round(sent * 100)}
              size="small"
              className="ds-w-160"
            />
          ) : null}
          <Typography.Text type="secondary">{t('drawer.uploadHelp')}</Typography.Text>
        </Space>
        <Table<AdminEpisode>
          data-testid="episodes-table"
          rowKey="id"
          size="small"
          loading={detail.isFetching}
          columns={episodeColumns}
          dataSource={episodes}
          pagination={false}
          expandable={{
            // Renditions and subtitles of an episode, opened with the row's + button.
            expandedRowRender: (e) => <EpisodeMedia episode={e} />,
          }}
        />

        <Typography.Title level={5} className="ds-flush">
          {t('nav.transcoding')}
        </Typography.Title>
        <Table<TranscodeJob>
          data-testid="jobs-table"
          rowKey="id"
          size="small"
          columns={jobColumns}
          dataSource={jobs.data?.list ?? []}
          pagination={false}
        />
      </Space>
    </Drawer>
  );
}
