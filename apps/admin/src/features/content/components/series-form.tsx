import { CONTENT_LIMITS } from '@dramastar/contract';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { TenantSelect } from '../../../shared/ui/tenant-select';
import {
  readDataUrl,
  type SeriesRow,
  useCreateSeries,
  useUpdateSeries,
  useUploadCover,
} from '../api/content';
import { SECTION_LANGS } from '../home-sections';

interface FormValues {
  tenantId: string;
  title: { en: string; vn?: string; id?: string };
  description: { en?: string; vn?: string; id?: string };
  category: string;
  tags: string[];
  freeEpisodes: number;
  sortOrder: number;
}

/** Create (series null) or edit a series' texts in three languages, tags, category and order. */
export function SeriesForm({
  open,
  series,
  onClose,
  onSaved,
}: {
  open: boolean;
  series: SeriesRow | null;
  onClose: () => void;
  onSaved?: (series: SeriesRow) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const tenants = useSession((s) => s.operator?.tenantIds ?? []);
  const create = useCreateSeries();
  const update = useUpdateSeries();
  const cover = useUploadCover();
  const { message } = App.useApp();
  /** A new series' cover, picked in the form and uploaded once the series exists. */
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const mutation = series ? update : create;
  const close = () => {
    setCoverFile(null);
    create.reset();
    update.reset();
    onClose();
  };
  const submit = (v: FormValues) => {
    const texts = {
      title: { en: v.title.en.trim(), vn: v.title.vn?.trim() ?? '', id: v.title.id?.trim() ?? '' },
      description: {
        en: v.description.en?.trim() ?? '',
        vn: v.description.vn?.trim() ?? '',
        id: v.description.id?.trim() ?? '',
      },
      category: v.category.trim(),
      tags: v.tags,
      freeEpisodes: v.freeEpisodes,
      sortOrder: v.sortOrder,
    };
    if (series) {
      update.mutate({ id: series.id, ...texts }, { onSuccess: (s) => (onSaved?.(s), close()) });
    } else {
      create.mutate(
        { tenantId: v.tenantId, ...texts },
        {
          onSuccess: (s) => {
            if (!coverFile) return (onSaved?.(s), close());
            // The draft exists either way: a refused cover is said, and can be uploaded again from the series.
            void readDataUrl(coverFile)
              .then((image) => cover.mutateAsync({ id: s.id, image }))
              .catch(
                (error: unknown) =>
                  void message.error(t('seriesForm.coverFailed', { error: errorText(error) })),
              )
              .finally(() => (onSaved?.(s), close()));
          },
        },
      );
    }
  };
  return (
    <Modal
      open={open}
      title={series ? t('seriesForm.editTitle', { title: series.title.en }) : t('series.new')}
      okText={series ? t('config.save') : t('seriesForm.createDraft')}
      okButtonProps={{ loading: mutation.isPending || cover.isPending, 'data-testid': 'series-form-ok' }}
      onOk={() => form.submit()}
      onCancel={close}
      width={760}
      destroyOnHidden
    >
      <div data-testid="series-form">
        {mutation.error ? (
          <Alert
            data-testid="series-form-error"
            type="error"
            showIcon
            className="ds-mb-12"
            title={errorText(mutation.error)}
          />
        ) : null}
        <Form<FormValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={submit}
          initialValues={
            series
              ? {
                  tenantId: series.tenantId,
                  title: series.title,
                  description: series.description,
                  category: series.category,
                  tags: series.tags,
                  freeEpisodes: series.freeEpisodes,
                  sortOrder: series.sortOrder,
                }
              : {
                  tenantId: tenants[0] ?? '000000',
                  title: {},
                  description: {},
                  category: 'drama',
                  tags: [],
                  freeEpisodes: 3,
                  sortOrder: 0,
                }
          }
        >
          {series ? null : (
            <Form.Item
              label={t('config.tenant')}
              name="tenantId"
              rules={[{ required: true, message: t('seriesForm.tenantRequired') }]}
            >
              <TenantSelect testId="series-tenant" />
            </Form.Item>
          )}
          {SECTION_LANGS.map((lang) => (
            <Row gutter={12} key={lang.key}>
              <Col span={10}>
                <Form.Item
                  label={t('seriesForm.titleIn', { lang: t(lang.label) })}
                  name={['title', lang.key]}
                  rules={
                    lang.key === 'en'
                      ? [{ required: true, whitespace: true, message: t('seriesForm.englishRequired') }]
                      : []
                  }
                >
                  <Input data-testid={`series-title-${lang.key}`} maxLength={120} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item
                  label={t('seriesForm.descriptionIn', { lang: t(lang.label) })}
                  name={['description', lang.key]}
                >
                  <Input.TextArea data-testid={`series-description-${lang.key}`} rows={2} maxLength={2000} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item
                label={t('seriesForm.category')}
                name="category"
                rules={[{ required: true, whitespace: true }]}
              >
                <Input data-testid="series-category" maxLength={40} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label={t('seriesForm.tags')} name="tags">
                <Select data-testid="series-tags" mode="tags" maxCount={10} tokenSeparators={[',']} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item label={t('seriesForm.free')} name="freeEpisodes" tooltip={t('seriesForm.freeHelp')}>
                <InputNumber data-testid="series-free" min={0} max={1000} className="ds-fill" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label={t('series.order')} name="sortOrder" tooltip={t('seriesForm.orderHelp')}>
                <InputNumber data-testid="series-order" min={0} max={100000} className="ds-fill" />
              </Form.Item>
            </Col>
          </Row>
          {series ? null : (
            <Form.Item label={t('seriesForm.cover')} extra={t('seriesForm.coverHelp')}>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                data-testid="series-cover-file"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  if (file && file.size > CONTENT_LIMITS.coverMaxBytes) {
                    void message.error(t('seriesForm.coverTooLarge'));
                    e.target.value = '';
                    setCoverFile(null);
                  } else setCoverFile(file);
                }}
              />
              {coverFile ? (
                <img
                  src={URL.createObjectURL(coverFile)}
                  alt={t('seriesForm.coverPreview')}
                  data-testid="series-cover-preview"
                  className="ds-cover-preview"
                />
              ) : null}
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
