import { UploadOutlined } from '@ant-design/icons';
import {
  type AdminEpisode,
  type AdminSubtitleTrack,
  isApiError,
  SUBTITLE_LIMITS,
  type SubtitleCuePreview,
} from '@dramastar/contract';
import {
  Button,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import {
  checkSubtitle,
  subtitlePreview,
  useDeleteSubtitle,
  useSubtitles,
  useUploadSubtitle,
} from '../api/content';

/** The languages offered first, each named in itself; "other" (added in the operator's language) takes any code. */
const LANGUAGES = [
  { value: 'en', label: 'English (en)' },
  { value: 'vi', label: 'Tiếng Việt (vi)' },
  { value: 'id', label: 'Bahasa Indonesia (id)' },
];

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const kbit = (bps: number) =>
  bps >= 1_000_000 ? `${(bps / 1_000_000).toFixed(2)} Mbit/s` : `${Math.round(bps / 1000)} kbit/s`;
const time = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** The first cues of a file, as the player would show them. */
function CuePreview({ title, cues, testId }: { title: string; cues: SubtitleCuePreview[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      <ol className="ds-list ds-list-below">
        {cues.map((c, i) => (
          <li key={i}>
            <Typography.Text type="secondary" className="ds-mono ds-small">
              {time(c.start)} → {time(c.end)}
            </Typography.Text>{' '}
            <span className="ds-pre-line">{c.text}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** An episode's rendition ladder and its subtitle tracks (list, upload with a check first, preview, delete). */
export function EpisodeMedia({ episode }: { episode: AdminEpisode }) {
  const t = useT();
  const tracks = useSubtitles(episode.id);
  const save = useUploadSubtitle();
  const remove = useDeleteSubtitle();
  const [choice, setChoice] = useState('en');
  const [otherCode, setOtherCode] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [checked, setChecked] = useState<{
    cueCount: number;
    bytes: number;
    preview: SubtitleCuePreview[];
  } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [languageError, setLanguageError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ language: string; cues: SubtitleCuePreview[] } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const language = choice === 'other' ? otherCode.trim() : choice;

  const pick = (picked: File) => {
    setFileError(null);
    setChecked(null);
    setSaved(null);
    if (!/\.(srt|vtt)$/i.test(picked.name)) {
      setFileError(t('media.fileType'));
      return false;
    }
    if (picked.size > SUBTITLE_LIMITS.maxBytes) {
      setFileError(t('media.fileSize', { kb: SUBTITLE_LIMITS.maxBytes / 1024 }));
      return false;
    }
    void picked.text().then(async (text) => {
      setFile({ name: picked.name, text });
      try {
        setChecked(await checkSubtitle(text));
      } catch (error) {
        setFileError(errorText(error));
      }
    });
    return false;
  };

  const submit = () => {
    if (!file) return;
    setLanguageError(null);
    setFileError(null);
    save.mutate(
      { episodeId: episode.id, language, label: label.trim() || undefined, text: file.text },
      {
        onSuccess: (done) => {
          setSaved(t(done.replaced ? 'media.replaced' : 'media.added', { label: done.track.label }));
          setShown({ language: done.track.language, cues: done.check.preview });
          setFile(null);
          setChecked(null);
          setLabel('');
        },
        onError: (error) => {
          if (isApiError(error) && error.field === 'language') setLanguageError(errorText(error));
          else setFileError(errorText(error));
        },
      },
    );
  };

  const columns: TableColumnsType<AdminSubtitleTrack> = [
    { title: t('language'), dataIndex: 'language', width: 90, render: (v: string) => <code>{v}</code> },
    { title: t('config.earn.label'), dataIndex: 'label' },
    { title: t('media.cues'), dataIndex: 'cueCount', width: 70 },
    { title: t('media.size'), dataIndex: 'bytes', width: 90, render: kb },
    {
      title: t('config.saved'),
      key: 'saved',
      render: (_, track) =>
        track.operator
          ? t('media.savedBy', { time: formatTime(track.updatedAt), name: track.operator })
          : formatTime(track.updatedAt),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, track) => (
        <Space>
          <Button
            size="small"
            data-testid={`subtitle-preview-${episode.id}-${track.language}`}
            onClick={() => {
              void subtitlePreview(episode.id, track.language).then(
                (p) => setShown({ language: track.language, cues: p.check.preview }),
                (error: unknown) => setFileError(errorText(error)),
              );
            }}
          >
            {t('media.preview')}
          </Button>
          <Popconfirm
            title={t('media.deleteConfirm', { label: track.label, n: episode.number })}
            okText={t('drawer.delete')}
            okButtonProps={{
              danger: true,
              'data-testid': `subtitle-delete-ok-${episode.id}-${track.language}`,
            }}
            onConfirm={() => {
              if (shown?.language === track.language) setShown(null);
              remove.mutate({ episodeId: episode.id, language: track.language });
            }}
          >
            <Button size="small" danger data-testid={`subtitle-delete-${episode.id}-${track.language}`}>
              {t('drawer.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space
      orientation="vertical"
      size="middle"
      className="ds-fill"
      data-testid={`episode-media-${episode.id}`}
    >
      <div>
        <Typography.Text strong>{t('media.renditions')}</Typography.Text>
        {episode.renditions.length === 0 ? (
          <Typography.Paragraph type="secondary" className="ds-flush">
            {t('media.single')}
          </Typography.Paragraph>
        ) : (
          <Descriptions size="small" column={1} bordered data-testid={`episode-ladder-${episode.id}`}>
            {episode.renditions.map((r) => (
              <Descriptions.Item key={r.name} label={r.name}>
                {r.width}×{r.height} ·{' '}
                {t('media.bandwidth', { average: kbit(r.averageBandwidth), peak: kbit(r.bandwidth) })}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </div>

      <div>
        <Typography.Text strong>{t('media.subtitles')}</Typography.Text>
        <Table<AdminSubtitleTrack>
          data-testid={`subtitles-table-${episode.id}`}
          rowKey="language"
          size="small"
          loading={tracks.isFetching || remove.isPending}
          columns={columns}
          dataSource={tracks.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: t('media.none') }}
        />
      </div>
      {shown ? (
        <CuePreview
          title={t('media.savedTrack', { language: shown.language })}
          cues={shown.cues}
          testId={`subtitle-shown-${episode.id}`}
        />
      ) : null}

      <Form layout="vertical" className="ds-max-640">
        <Space align="start" wrap>
          <Form.Item
            label={t('language')}
            validateStatus={languageError ? 'error' : undefined}
            help={languageError ?? undefined}
            className="ds-mb-8"
          >
            <Space>
              <Select
                data-testid={`subtitle-language-${episode.id}`}
                value={choice}
                options={[...LANGUAGES, { value: 'other', label: t('media.otherCode') }]}
                onChange={(v) => {
                  setChoice(v);
                  setLanguageError(null);
                }}
                className="ds-w-210"
              />
              {choice === 'other' ? (
                <Input
                  data-testid={`subtitle-code-${episode.id}`}
                  placeholder={t('media.codeExample')}
                  value={otherCode}
                  onChange={(e) => setOtherCode(e.target.value)}
                  className="ds-w-120"
                />
              ) : null}
            </Space>
          </Form.Item>
          <Form.Item label={t('media.label')} className="ds-mb-8">
            <Input
              data-testid={`subtitle-label-${episode.id}`}
              placeholder={t('media.labelHelp')}
              value={label}
              maxLength={60}
              onChange={(e) => setLabel(e.target.value)}
              className="ds-w-200"
            />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('media.file', { kb: SUBTITLE_LIMITS.maxBytes / 1024 })}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ? <span data-testid={`subtitle-error-${episode.id}`}>{fileError}</span> : undefined}
          className="ds-mb-8"
        >
          <Space wrap>
            <Upload accept=".srt,.vtt,text/vtt" showUploadList={false} beforeUpload={pick}>
              <Button icon={<UploadOutlined />} data-testid={`subtitle-file-${episode.id}`}>
                {file ? file.name : t('media.choose')}
              </Button>
            </Upload>
            <Button
              type="primary"
              data-testid={`subtitle-save-${episode.id}`}
              disabled={!checked || !language}
              loading={save.isPending}
              onClick={submit}
            >
              {t('media.save')}
            </Button>
            {saved ? (
              <Typography.Text type="success" data-testid={`subtitle-saved-${episode.id}`}>
                {saved}
              </Typography.Text>
            ) : null}
          </Space>
        </Form.Item>
        {checked ? (
          <CuePreview
            title={t('media.checked', { n: checked.cueCount, size: kb(checked.bytes) })}
            cues={checked.preview}
            testId={`subtitle-check-${episode.id}`}
          />
        ) : null}
      </Form>
    </Space>
  );
}
