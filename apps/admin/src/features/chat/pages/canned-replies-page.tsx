import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { CHAT_MAX_TEXT } from '@dramastar/contract';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { TenantSelect } from '../../../shared/ui/tenant-select';
import { tenantLabel, useMyTenants } from '../../../shared/api/my-tenants';
import {
  type CannedReplyRow,
  useCannedReplies,
  useCreateCanned,
  useDeleteCanned,
  useUpdateCanned,
} from '../api/chat';

interface FormValues {
  tenantId: string;
  title: string;
  body: string;
}

/** Support → Canned replies: ready answers per tenant, picked from the chat's reply box. */
export function CannedRepliesPage() {
  const t = useT();
  const tenants = useSession((s) => s.operator?.tenantIds ?? []);
  const myTenants = useMyTenants();
  const [tenantId, setTenantId] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState<CannedReplyRow | 'new' | null>(null);
  const list = useCannedReplies(tenantId);
  const create = useCreateCanned();
  const update = useUpdateCanned();
  const remove = useDeleteCanned();
  const [form] = Form.useForm<FormValues>();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;

  const open = (row: CannedReplyRow | 'new') => {
    create.reset();
    update.reset();
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { tenantId: tenantId ?? tenants[0] ?? '000000', title: '', body: '' }
        : { tenantId: row.tenantId, title: row.title, body: row.body },
    );
  };
  const save = async () => {
    const values = await form.validateFields();
    const done = { onSuccess: () => setEditing(null) };
    if (editing === 'new') create.mutate(values, done);
    else if (editing) update.mutate({ id: editing.id, title: values.title, body: values.body }, done);
  };

  const columns: TableColumnsType<CannedReplyRow> = [
    {
      title: t('canned.tenant'),
      dataIndex: 'tenantId',
      width: 180,
      render: (v: string) => tenantLabel(myTenants.data?.list, v),
    },
    { title: t('canned.name'), dataIndex: 'title', width: 200 },
    {
      title: t('canned.text'),
      dataIndex: 'body',
      render: (v: string) => <span className="ds-pre-wrap">{v}</span>,
    },
    { title: t('canned.created'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
    {
      title: '',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space>
          <Button size="small" data-testid="canned-edit" onClick={() => open(row)}>
            {t('canned.edit')}
          </Button>
          <Popconfirm title={t('canned.deleteConfirm')} onConfirm={() => remove.mutate({ id: row.id })}>
            <Button size="small" danger data-testid="canned-delete">
              {t('canned.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('canned.title')}
      extra={
        <Space>
          <TenantFilter value={tenantId} onChange={setTenantId} />
          <Button type="primary" data-testid="canned-new" onClick={() => open('new')}>
            {t('canned.new')}
          </Button>
        </Space>
      }
    >
      {list.isError && <Alert type="error" title={errorText(list.error)} className="ds-mb-12" />}
      {remove.isError && <Alert type="error" title={errorText(remove.error)} className="ds-mb-12" />}
      <Table<CannedReplyRow>
        data-testid="canned-table"
        rowKey="id"
        size="small"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'canned.newTitle' : 'canned.editTitle')}
        okText={t('canned.save')}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {saveError && <Alert type="error" title={errorText(saveError)} className="ds-mb-12" />}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="tenantId"
            label={t('canned.tenant')}
            rules={[{ required: true, message: t('canned.pickTenant') }]}
          >
            <TenantSelect testId="canned-tenant" disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('canned.name')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input data-testid="canned-title" maxLength={60} />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('canned.text')}
            rules={[{ required: true, whitespace: true, max: CHAT_MAX_TEXT }]}
          >
            <Input.TextArea
              data-testid="canned-body"
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={CHAT_MAX_TEXT}
              showCount
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
