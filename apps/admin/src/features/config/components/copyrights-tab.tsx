import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { formatMoney, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import {
  type CopyrightForm,
  type CopyrightProduct,
  useCopyrights,
  useRetireCopyright,
  useSaveCopyright,
} from '../api/config';
import { fieldPath } from '../lib/diff';

const STATE_COLORS: Record<CopyrightProduct['state'], string> = {
  upcoming: 'blue',
  open: 'green',
  sold_out: 'orange',
  ended: 'default',
};

/** `2026-11-21T13:00` (a datetime-local input, the browser's time zone) from an ISO instant and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => new Date(local).toISOString();

type Editing = { product: CopyrightProduct | null } | null;

function ProductDialog({
  tenantId,
  editing,
  onClose,
}: {
  tenantId: string;
  editing: Editing;
  onClose: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveCopyright();
  const product = editing?.product ?? null;
  const now = new Date();

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return;
    }
    const body = {
      ...values,
      tenantId,
      ...(product ? { id: product.id } : {}),
      startsAt: fromLocal(values.startsAt as string),
      endsAt: fromLocal(values.endsAt as string),
      cover: (values.cover as string | undefined) || null,
      seriesId: (values.seriesId as number | undefined) ?? null,
    } as CopyrightForm;
    try {
      await save.mutateAsync(body);
      void message.success(t(product ? 'copyrights.savedNew' : 'copyrights.created'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.field)
        form.setFields([{ name: fieldPath(error.field), errors: [error.message] }]);
      void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={product ? t('copyrights.editTitle', { code: product.code }) : t('copyrights.newTitle')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'copyright-save' }}
      destroyOnHidden
    >
      {product && product.sold > 0 && <p>{t('copyrights.soldNote', { n: product.sold })}</p>}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          product
            ? { ...product, startsAt: toLocal(product.startsAt), endsAt: toLocal(product.endsAt) }
            : {
                totalQuantity: 100,
                termDays: 30,
                perUserMax: 10,
                startsAt: toLocal(now.toISOString()),
                endsAt: toLocal(new Date(now.getTime() + 90 * 86_400_000).toISOString()),
              }
        }
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="code"
              label={t('copyrights.code')}
              rules={[{ required: true, pattern: /^[a-z0-9-]{2,60}$/, message: t('copyrights.codeRule') }]}
            >
              <Input data-testid="copyright-code" />
            </Form.Item>
          </Col>
          {(['en', 'vn', 'id'] as const).map((lang) => (
            <Col span={lang === 'en' ? 16 : 12} key={lang}>
              <Form.Item
                name={['title', lang]}
                label={t('copyrights.titleIn', { lang })}
                rules={[{ required: true }]}
              >
                <Input maxLength={120} data-testid={`copyright-title-${lang}`} />
              </Form.Item>
            </Col>
          ))}
          <Col span={6}>
            <Form.Item name="price" label={t('copyrights.price')} rules={[{ required: true }]}>
              <Input data-testid="copyright-price" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="dailyProfit" label={t('copyrights.dailyProfit')} rules={[{ required: true }]}>
              <Input data-testid="copyright-profit" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="termDays" label={t('copyrights.termDays')} rules={[{ required: true }]}>
              <InputNumber min={1} max={3650} precision={0} className="ds-fill" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="totalQuantity" label={t('copyrights.quantity')} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} className="ds-fill" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="perUserMax" label={t('copyrights.perUser')} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} className="ds-fill" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="startsAt" label={t('copyrights.salesStart')} rules={[{ required: true }]}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name="endsAt" label={t('copyrights.salesEnd')} rules={[{ required: true }]}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="cover" label={t('copyrights.cover')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="seriesId" label={t('copyrights.seriesId')}>
              <InputNumber min={1} precision={0} className="ds-fill" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The tenant's copyright products: create, edit (new purchases only) and retire. */
export function CopyrightsTab({ tenantId }: { tenantId: string }) {
  const t = useT();
  const { message } = App.useApp();
  const list = useCopyrights(tenantId);
  const retire = useRetireCopyright();
  const [editing, setEditing] = useState<Editing>(null);

  const columns: TableColumnsType<CopyrightProduct> = [
    { title: t('copyrights.code'), dataIndex: 'code', render: (v: string) => <code>{v}</code> },
    { title: t('copyrights.title'), key: 'title', render: (_, p) => p.title.en },
    {
      title: t('copyrights.price'),
      key: 'price',
      align: 'right',
      render: (_, p) => formatMoney(p.price, p.currency),
    },
    {
      title: t('copyrights.dailyProfit'),
      key: 'profit',
      align: 'right',
      render: (_, p) => formatMoney(p.dailyProfit, p.currency),
    },
    {
      title: t('copyrights.term'),
      dataIndex: 'termDays',
      render: (v: number) => t('dashboard.days', { n: v }),
    },
    { title: t('copyrights.sold'), key: 'sold', render: (_, p) => `${p.sold} / ${p.totalQuantity}` },
    {
      title: t('copyrights.sales'),
      key: 'window',
      render: (_, p) => `${formatTime(p.startsAt)} – ${formatTime(p.endsAt)}`,
    },
    {
      title: t('copyrights.state'),
      dataIndex: 'state',
      render: (s: CopyrightProduct['state']) => (
        <Tag color={STATE_COLORS[s]} data-status={s}>
          {t(`copyright.state.${s}`)}
        </Tag>
      ),
    },
    {
      title: '',
      key: 'actions',
      render: (_, p) => (
        <Space>
          <Button
            size="small"
            onClick={() => setEditing({ product: p })}
            data-testid={`copyright-edit-${p.code}`}
          >
            {t('copyrights.edit')}
          </Button>
          {p.closedAt === null && (
            <Popconfirm
              title={t('copyrights.retireConfirm')}
              onConfirm={() => {
                retire.mutateAsync(p.id).then(
                  () => void message.success(t('copyrights.retired')),
                  (error: unknown) => void message.error(errorText(error)),
                );
              }}
            >
              <Button size="small" danger data-testid={`copyright-retire-${p.code}`}>
                {t('copyrights.retire')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Button
        icon={<PlusOutlined />}
        type="primary"
        className="ds-mb-12"
        onClick={() => setEditing({ product: null })}
        data-testid="copyright-new"
      >
        {t('copyrights.new')}
      </Button>
      <Table
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={false}
        data-testid="copyright-table"
      />
      <ProductDialog tenantId={tenantId} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
