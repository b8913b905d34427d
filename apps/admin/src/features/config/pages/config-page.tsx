import type { EarnSettings, TeamSettings } from '@dramastar/contract';
import { Alert, Card, Select, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/session/session';
import { useTenantConfig, useTenantList } from '../api/config';
import { CopyrightsTab } from '../components/copyrights-tab';
import { HiddenChannelsNotice } from '../components/hidden-channels-notice';
import { PaymentProvidersTab } from '../components/payment-providers-tab';
import {
  EarnFields,
  GeneralFields,
  MembershipFields,
  TeamFields,
  WalletFields,
} from '../components/section-fields';
import { SectionForm } from '../components/section-form';
import { tenantLabel, useMyTenants } from '../../../shared/api/my-tenants';

/** The tenants the operator may configure: every tenant for an owner, else its own. */
function useTenantChoices(): string[] {
  const operator = useSession((s) => s.operator);
  const isOwner = operator?.role === 'owner';
  const all = useTenantList(isOwner);
  if (isOwner) return all.data?.list.map((t) => t.tenantId) ?? [];
  return operator?.tenantIds ?? [];
}

type AgentRow = { host: string; url: string };

/** Telegram agents are a record (host → link); the form edits them as rows. */
const earnToForm = (v: EarnSettings) => ({
  ...v,
  telegramAgents: Object.entries(v.telegramAgents).map(([host, url]) => ({ host, url })),
});
const earnFromForm = (values: Record<string, unknown>) =>
  ({
    ...values,
    telegramAgents: Object.fromEntries(
      ((values.telegramAgents as AgentRow[] | undefined) ?? []).map((a) => [a.host, a.url]),
    ),
  }) as EarnSettings;

/** Salary levels are numbered 1..n in order (a removed row renumbers the rest). */
const teamFromForm = (values: Record<string, unknown>) => {
  const team = values as TeamSettings;
  return { ...team, salaryLevels: team.salaryLevels.map((l, i) => ({ ...l, level: i + 1 })) };
};

function TenantConfiguration({ tenantId }: { tenantId: string }) {
  const t = useT();
  const config = useTenantConfig(tenantId);
  const [tab, setTab] = useState('general');
  if (config.isPending) return <Spin />;
  if (config.isError) return <Alert type="error" showIcon title={errorText(config.error)} />;
  const c = config.data;
  // Forms start from the saved values: a save or reset remounts them with the new ones.
  const key = `${tenantId}-${c.updatedAt}`;
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <HiddenChannelsNotice hidden={c.wallet.hiddenChannels} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        data-testid="config-tabs"
        items={[
          {
            key: 'general',
            label: t('config.tab.general'),
            children: (
              <SectionForm
                key={key}
                tenantId={tenantId}
                currency={c.general.currency}
                section="general"
                value={c.general}
                isDefault={null}
              >
                <GeneralFields currencyLocked={c.ledgerAccounts > 0} />
              </SectionForm>
            ),
          },
          {
            key: 'wallet',
            label: t('config.tab.wallet'),
            children: (
              <SectionForm
                key={key}
                tenantId={tenantId}
                currency={c.general.currency}
                section="wallet"
                value={c.wallet.value}
                isDefault={c.wallet.isDefault}
              >
                <WalletFields />
              </SectionForm>
            ),
          },
          {
            key: 'membership',
            label: t('config.tab.membership'),
            children: (
              <SectionForm
                key={key}
                tenantId={tenantId}
                currency={c.general.currency}
                section="membership"
                value={c.membership.value}
                isDefault={c.membership.isDefault}
              >
                <MembershipFields />
              </SectionForm>
            ),
          },
          {
            key: 'team',
            label: t('config.tab.team'),
            children: (
              <SectionForm
                key={key}
                tenantId={tenantId}
                currency={c.general.currency}
                section="team"
                value={c.team.value}
                isDefault={c.team.isDefault}
                fromForm={teamFromForm}
              >
                <TeamFields />
              </SectionForm>
            ),
          },
          {
            key: 'earn',
            label: t('config.tab.earn'),
            children: (
              <SectionForm
                key={key}
                tenantId={tenantId}
                currency={c.general.currency}
                section="earn"
                value={c.earn.value}
                isDefault={c.earn.isDefault}
                toForm={earnToForm}
                fromForm={earnFromForm}
              >
                <EarnFields />
              </SectionForm>
            ),
          },
          {
            key: 'copyrights',
            label: t('config.tab.copyrights'),
            children: <CopyrightsTab tenantId={tenantId} />,
          },
          {
            key: 'payments',
            label: t('config.tab.payments'),
            children: <PaymentProvidersTab tenantId={tenantId} currency={c.general.currency} />,
          },
        ]}
      />
    </Space>
  );
}

/** Configuration per tenant: one tab per section, each saved (and audited) on its own. */
export function ConfigPage() {
  const t = useT();
  const choices = useTenantChoices();
  const named = useMyTenants();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const tenantId = picked ?? choices[0];
  return (
    <Card
      title={
        <Space>
          <span>{t('nav.config')}</span>
          <Select
            data-testid="config-tenant"
            className="ds-w-260"
            value={tenantId}
            placeholder={t('config.tenant')}
            onChange={(v: string) => setPicked(v)}
            options={choices.map((t) => ({ value: t, label: tenantLabel(named.data?.list, t) }))}
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('config.explain')}</Typography.Paragraph>
      {tenantId ? <TenantConfiguration tenantId={tenantId} /> : <Spin />}
    </Card>
  );
}
