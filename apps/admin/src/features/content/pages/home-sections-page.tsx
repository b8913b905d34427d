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
import { palette } from '../../../shared/ui/palette';

/** A stable empty list (a selector must not make a new one at each call). */
const NO_TENANTS: string[] = [];

/** How the app fills each built-in section (shown under it). */
const BUILT_IN_RULES: Record<HomeBuiltinSection, string> = {
  hot: 'The 10 most played series.',
  new: 'The 10 newest series; series with an Order (Content → Series) come first.',
  free: 'The 10 series with the most free episodes; series with an Order come first.',
  ranking: 'The 10 most followed series.',
};

/** What an empty title field means. */
function titleHint(lang: SectionLang, draft: SectionDraft, builtIn: HomeBuiltinSection | null): string {
  if (lang === 'en') return builtIn ? `Default: ${BUILT_IN_TITLES[builtIn]}` : 'Required';
  if (draft.title.en || !builtIn) return 'Same as English';
  return 'Default: the app’s own title';
}

const seriesLabel = (s: SectionSeriesOption | undefined, id: number) =>
  s ? `${s.title.en}${s.status === 'draft' ? ' (draft: not shown until published)' : ''}` : `Series ${id}`;

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
  const byId = new Map(options.map((s) => [s.id, s]));
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Select<number[]>
        mode="multiple"
        data-testid={`section-series-${sectionKey}`}
        style={{ width: '100%' }}
        placeholder={`Choose 1 to ${CONTENT_LIMITS.maxSectionSeries} series`}
        loading={loading}
        showSearch={{ optionFilterProp: 'label' }}
        maxCount={CONTENT_LIMITS.maxSectionSeries}
        value={value}
        onChange={(ids) => onChange(ids)}
        options={options.map((s) => ({ value: s.id, label: seriesLabel(s, s.id) }))}
      />
      {value.length > 0 ? (
        <ol style={{ margin: 0, paddingInlineStart: 24 }} data-testid={`section-order-${sectionKey}`}>
          {value.map((id, index) => (
            <li key={id} data-testid={`section-item-${sectionKey}-${id}`}>
              <Flex gap={8} align="center">
                <Typography.Text>{seriesLabel(byId.get(id), id)}</Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label="Move series up"
                  data-testid={`section-item-up-${sectionKey}-${id}`}
                  disabled={index === 0}
                  onClick={() => onChange(move(value, index, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label="Move series down"
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
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="sections-editor">
      {series.error ? (
        <Alert type="error" showIcon title={`Series could not be loaded: ${errorText(series.error)}`} />
      ) : null}
      {drafts.map((d, index) => {
        const builtIn = isHomeBuiltinSection(d.key) ? d.key : null;
        return (
          <Card
            key={d.key}
            size="small"
            data-testid={`section-${d.key}`}
            data-position={index + 1}
            style={d.key === failedKey ? { borderColor: palette.colorError } : undefined}
            title={
              <Space>
                <Typography.Text strong>{index + 1}.</Typography.Text>
                <Typography.Text>
                  {d.title.en || (builtIn ? BUILT_IN_TITLES[builtIn] : 'New section')}
                </Typography.Text>
                <Tag color={d.kind === 'auto' ? 'blue' : 'purple'}>
                  {d.kind === 'auto' ? 'built-in' : 'custom'}
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
                  checkedChildren="Visible"
                  unCheckedChildren="Hidden"
                  onChange={(visible) => update(index, { visible })}
                />
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label="Move up"
                  data-testid={`section-up-${d.key}`}
                  disabled={index === 0}
                  onClick={() => change(move(drafts, index, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label="Move down"
                  data-testid={`section-down-${d.key}`}
                  disabled={index === drafts.length - 1}
                  onClick={() => change(move(drafts, index, 1))}
                />
                {canDelete(d) ? (
                  <Popconfirm
                    title="Delete this section? It leaves the app when you save."
                    okText="Delete"
                    okButtonProps={{ danger: true, 'data-testid': `section-delete-ok-${d.key}` }}
                    onConfirm={() => change(drafts.filter((_, i) => i !== index))}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid={`section-delete-${d.key}`}
                    >
                      Delete
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            }
          >
            <Space orientation="vertical" size="small" style={{ width: '100%' }}>
              <Row gutter={12}>
                {SECTION_LANGS.map((lang) => (
                  <Col span={8} key={lang.key}>
                    <Typography.Text type="secondary">Title ({lang.label})</Typography.Text>
                    <Input
                      data-testid={`section-title-${d.key}-${lang.key}`}
                      value={d.title[lang.key]}
                      maxLength={CONTENT_LIMITS.sectionTitleMax}
                      placeholder={titleHint(lang.key, d, builtIn)}
                      onChange={(e) => update(index, { title: { ...d.title, [lang.key]: e.target.value } })}
                    />
                  </Col>
                ))}
              </Row>
              {builtIn ? (
                <Typography.Text type="secondary">{BUILT_IN_RULES[builtIn]}</Typography.Text>
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
          Add custom section
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
          Save
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
          Discard changes
        </Button>
        {save.isSuccess ? (
          <Typography.Text type="success" data-testid="sections-saved">
            Saved: the app shows it now.
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
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Home sections
        </Typography.Title>
        <Space>
          <Typography.Text data-testid="sections-tenant">Tenant {tenantId}</Typography.Text>
          {sections.data?.isDefault ? <Tag data-testid="sections-default">defaults</Tag> : null}
          <TenantFilter value={picked} onChange={setPicked} />
        </Space>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        The app&apos;s home page shows these sections from top to bottom, under the banners. The four built-in
        sections fill themselves and can be hidden but not deleted; a title left empty keeps the app&apos;s
        own, translated one. A custom section needs an English title (Vietnamese and Indonesian fall back to
        it) and 1 to {CONTENT_LIMITS.maxSectionSeries} series of this tenant; drafts are skipped until
        published. At most {CONTENT_LIMITS.maxHomeSections} sections. Saving applies at once and is written to
        the audit log.
      </Typography.Paragraph>
      {body}
    </Space>
  );
}
