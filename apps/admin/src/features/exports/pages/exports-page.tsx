import { EXPORT_KINDS, type ExportKind } from '@dramastar/contract';
import { App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { dayStart } from '../../../shared/format';
import { type TranslationKey, useT } from '../../../shared/i18n';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { downloadExport } from '../api/download-export';

const KIND_LABELS: Record<ExportKind, TranslationKey> = {
  recharges: 'nav.recharges',
  withdrawals: 'nav.withdrawals',
  users: 'nav.users',
  audit: 'nav.audit',
};

/**
 * CSV exports for a tenant and a date range: recharges, withdrawals, users and the audit log. The
 * server streams the file (any number of rows); amounts are in currency units and cells that a
 * spreadsheet would run as formulas are neutralised. Each export is written to the audit log.
 */
export function ExportsPage() {
  const t = useT();
  const { message } = App.useApp();
  const [kind, setKind] = useState<ExportKind>('recharges');
  const [tenantId, setTenantId] = useState<string | undefined>(undefined);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadExport({
        kind,
        ...(tenantId ? { tenantId } : {}),
        ...(from ? { from: dayStart(from) } : {}),
        // "To" includes the day picked.
        ...(to ? { to: dayStart(to, 1) } : {}),
      });
      void message.success(t('exports.downloaded', { name }));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('nav.exports')}>
      <Typography.Paragraph type="secondary">{t('exports.explain')}</Typography.Paragraph>
      <Form layout="vertical" className="ds-max-720">
        <Space wrap size="large" align="end">
          <Form.Item label={t('exports.what')}>
            <Select
              data-testid="export-kind"
              className="ds-w-180"
              value={kind}
              onChange={(v: ExportKind) => setKind(v)}
              options={EXPORT_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
            />
          </Form.Item>
          <Form.Item label={t('config.tenant')}>
            <TenantFilter value={tenantId} onChange={setTenantId} />
          </Form.Item>
          <Form.Item label={t('exports.from')}>
            <Input
              type="date"
              data-testid="export-from"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </Form.Item>
          <Form.Item label={t('exports.to')}>
            <Input type="date" data-testid="export-to" value={to} onChange={(e) => setTo(e.target.value)} />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              loading={busy}
              onClick={() => void download()}
              data-testid="export-download"
            >
              {t('exports.download')}
            </Button>
          </Form.Item>
        </Space>
      </Form>
    </Card>
  );
}
