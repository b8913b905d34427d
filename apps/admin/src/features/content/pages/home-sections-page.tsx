import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  type AdminHomeSections,
  CONTENT_LIMITS,
  type HomeBuiltinSection,
  isHomeBuiltinSection,
  type SectionSeriesOption,
} from '@dramastar/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { useHomeSections, useSaveHomeSections, useSectionSeries } from '../api/content';
import {
  BUILT_IN_TITLES,
  canAddSection,
  canDelete,
  move,
  newCustomSection,
  SECTION_LANGS,
  type SectionDraft,
  sectionIndexOf,
  type SectionLang,
  toDraft,
  toInput,
} from '../home-sections';
import { type TranslationKey, type Translator, useT } from '../../../shared/i18n';

/** A stable empty list (a selector must not make a new one at each call). */
const NO_TENANTS: string[] = [];

/** How the app fills each built-in section (shown under it). */
const BUILT_IN_RULES: Record<HomeBuiltinSection, TranslationKey> = {
  hot: 'sections.rule.hot',
  new: 'sections.rule.new',
  free: 'sections.rule.free',
  ranking: 'sections.rule.ranking',
};

/** What an empty title field means. */
function titleHint(
  t: Translator,
  lang: SectionLang,
  draft: SectionDraft,
  builtIn: HomeBuiltinSection | null,
): string {
  if (lang === 'en')
    return builtIn
      ? t('sections.hint.default', { title: BUILT_IN_TITLES[builtIn] })
      : t('config.rule.required');
  if (draft.title.en || !builtIn) return t('sections.hint.sameAsEnglish');
  return t('sections.hint.appTitle');
}

const seriesLabel = (t: Translator, s: SectionSeriesOption | undefined, id: number) =>
  s
    ? `${s.title.en}${s.status === 'draft' ? ` ${t('sections.draftNote')}` : ''}`
    : t('sections.seriesN', { id });

/** A custom section's series: chosen in a multi-select, ordered with the arrows below it. */
function SeriesPicker({
  sectionKey,
  value,
  options,
  loading,
  onChange,
}: {
  sectionKey: string;
  value: number[];
  options: SectionSeriesOption[];
  loading: boolean;
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const byId = new Map(options.map((s) => [s.id, s]));
  return (
    <Space orientation="vertical" size="small" className="ds-fill">
      <Select<number[]>
        mode="multiple"
        data-testid={`section-series-${sectionKey}`}
        className="ds-fill"
        placeholder={t('sections.choose', { max: CONTENT_LIMITS.maxSectionSeries })}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        maxCount={CONTENT_LIMITS.maxSectionSeries}
        value={value}
        onChange={(ids) => onChange(ids)}
        options={options.map((s) => ({ value: s.id, label: seriesLabel(t, s, s.id) }))}
      />
      {value.length > 0 ? (
        <ol className="ds-list ds-list-wide" data-testid={`section-order-${sectionKey}`}>
          {value.map((id, index) => (
            <li key={id} data-testid={`section-item-${sectionKey}-${id}`}>
              <Flex gap={8} align="center">
                <Typography.Text>{seriesLabel(t, byId.get(id), id)}</Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('sections.seriesUp')}
                  data-testid={`section-item-up-${sectionKey}-${id}`}
                  disabled={index === 0}
                  onClick={() => onChange(move(value, index, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('sections.seriesDown')}
                  data-testid={`section-item-down-${sectionKey}-${id}`}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(move(value, index, 1))}
                />
              </Flex>
            </li>
          ))}
        </ol>
      ) : null}
    </Space>
  );
}

/** The editable list of one tenant's sections; Save sends the whole list. */
function SectionsEditor({ tenantId, saved }: { tenantId: string; saved: AdminHomeSections }) {
  const t = useT();
  const [drafts, setDrafts] = useState<SectionDraft[]>(() => saved.sections.map(toDraft));
  const [dirty, setDirty] = useState(false);
  const series = useSectionSeries(tenantId);
  const save = useSaveHomeSections();

  const change = (next: SectionDraft[]) => {
    setDrafts(next);
    setDirty(true);
    save.reset();
  };
  const update = (index: number, patch: Partial<SectionDraft>) =>
    change(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  const failedIndex = isApiError(save.error) ? sectionIndexOf(save.error.field) : null;
  const failedKey = failedIndex === null ? undefined : save.variables?.sections[failedIndex]?.key;

  return (
    <Space orientation="vertical" size="middle" className="ds-fill" data-testid="sections-editor">
      {series.error ? (
        <Alert type="error" showIcon title={t('sections.seriesFailed', { error: errorText(series.error) })} />
      ) : null}
      {drafts.map((d, index) => {
        const builtIn = isHomeBuiltinSection(d.key) ? d.key : null;
        return (
          <Card
            key={d.key}
            size="small"
            data-testid={`section-${d.key}`}
            data-position={index + 1}
            className={d.key === failedKey ? 'ds-failed' : undefined}
            title={
              <Space>
                <Typography.Text strong>{index + 1}.</Typography.Text>
                <Typography.Text>
                  {d.title.en || (builtIn ? BUILT_IN_TITLES[builtIn] : t('sections.new'))}
                </Typography.Text>
                <Tag color={d.kind === 'auto' ? 'blue' : 'purple'}>
                  {t(d.kind === 'auto' ? 'sections.builtIn' : 'sections.custom')}
                </Tag>
                <Typography.Text type="secondary" code>
                  {d.key}
                </Typography.Text>
              </Space>
            }
            extra={
              <Space>
                <Switch
                  data-testid={`section-visible-${d.key}`}
                  checked={d.visible}
                  checkedChildren={t('sections.visible')}
                  unCheckedChildren={t('sections.hidden')}
                  onChange={(visible) => update(index, { visible })}
                />
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('drawer.up')}
                  data-testid={`section-up-${d.key}`}
                  disabled={index === 0}
                  onClick={() => change(move(drafts, index, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('drawer.down')}
                  data-testid={`section-down-${d.key}`}
                  disabled={index === drafts.length - 1}
                  onClick={() => change(move(drafts, index, 1))}
                />
                {canDelete(d) ? (
                  <Popconfirm
                    title={t('sections.deleteConfirm')}
                    okText={t('drawer.delete')}
                    okButtonProps={{ danger: true, 'data-testid': `section-delete-ok-${d.key}` }}
                    onConfirm={() => change(drafts.filter((_, i) => i !== index))}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid={`section-delete-${d.key}`}
                    >
                      {t('drawer.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            }
          >
            <Space orientation="vertical" size="small" className="ds-fill">
              <Row gutter={12}>
                {SECTION_LANGS.map((lang) => (
                  <Col span={8} key={lang.key}>
                    <Typography.Text type="secondary">
                      {t('seriesForm.titleIn', { lang: t(lang.label) })}
                    </Typography.Text>
                    <Input
                      data-testid={`section-title-${d.key}-${lang.key}`}
                      value={d.title[lang.key]}
                      maxLength={CONTENT_LIMITS.sectionTitleMax}
                      placeholder={titleHint(t, lang.key, d, builtIn)}
                      onChange={(e) => update(index, { title: { ...d.title, [lang.key]: e.target.value } })}
                    />
                  </Col>
                ))}
              </Row>
              {builtIn ? (
                <Typography.Text type="secondary">{t(BUILT_IN_RULES[builtIn])}</Typography.Text>
              ) : (
                <SeriesPicker
                  sectionKey={d.key}
                  value={d.seriesIds}
                  options={series.data?.list ?? []}
                  loading={series.isPending}
                  onChange={(seriesIds) => update(index, { seriesIds })}
                />
              )}
            </Space>
          </Card>
        );
      })}
      {save.error ? (
        <Alert
          type="error"
          showIcon
          data-testid="sections-error"
          title={failedKey ? `${failedKey}: ${errorText(save.error)}` : errorText(save.error)}
        />
      ) : null}
      <Space wrap>
        <Button
          icon={<PlusOutlined />}
          data-testid="sections-add"
          disabled={!canAddSection(drafts)}
          onClick={() => change([...drafts, newCustomSection(drafts.map((d) => d.key))])}
        >
          {t('sections.add')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          data-testid="sections-save"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { tenantId, sections: drafts.map(toInput) },
              {
                onSuccess: (answer) => {
                  setDrafts(answer.sections.map(toDraft));
                  setDirty(false);
                },
              },
            )
          }
        >
          {t('config.save')}
        </Button>
        <Button
          data-testid="sections-discard"
          disabled={!dirty}
          onClick={() => {
            setDrafts(saved.sections.map(toDraft));
            setDirty(false);
            save.reset();
          }}
        >
          {t('sections.discard')}
        </Button>
        {save.isSuccess ? (
          <Typography.Text type="success" data-testid="sections-saved">
            {t('sections.saved')}
          </Typography.Text>
        ) : null}
      </Space>
    </Space>
  );
}

/**
 * Content → Home sections: per tenant, the order of the app's home sections, which are shown,
 * their titles, and custom sections listing series chosen here.
 */
export function HomeSectionsPage() {
  const t = useT();
  const tenants = useSession((s) => s.operator?.tenantIds ?? NO_TENANTS);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const tenantId = picked ?? tenants[0] ?? '000000';
  const sections = useHomeSections(tenantId);

  let body;
  if (sections.isPending) body = <Spin />;
  else if (sections.isError)
    body = (
      <Alert type="error" showIcon data-testid="sections-load-error" title={errorText(sections.error)} />
    );
  else body = <SectionsEditor key={tenantId} tenantId={tenantId} saved={sections.data} />;

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Space className="ds-apart">
        <Typography.Title level={3} className="ds-flush">
          {t('nav.sections')}
        </Typography.Title>
        <Space>
          <Typography.Text data-testid="sections-tenant">
            {t('sections.tenant', { id: tenantId })}
          </Typography.Text>
          {sections.data?.isDefault ? (
            <Tag data-testid="sections-default">{t('sections.defaults')}</Tag>
          ) : null}
          <TenantFilter value={picked} onChange={setPicked} />
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" className="ds-flush">
        {t('sections.explain', {
          max: CONTENT_LIMITS.maxSectionSeries,
          sections: CONTENT_LIMITS.maxHomeSections,
        })}
      </Typography.Paragraph>
      {body}
    </Space>
  );
}
