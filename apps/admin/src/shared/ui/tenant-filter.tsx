import { Select } from 'antd';
import { useMyTenants } from '../api/my-tenants';
import { useT } from '../i18n';

/**
 * The tenant a list is narrowed to, picked by name from the tenants the operator acts in (every
 * tenant for an owner). Empty = every tenant the operator may see.
 */
export function TenantFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tenantId: string | undefined) => void;
}) {
  const t = useT();
  const tenants = useMyTenants();
  return (
    <Select
      data-testid="filter-tenant"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('tenant.all')}
      className="ds-w-220"
      loading={tenants.isLoading}
      value={value}
      onChange={(v: string | undefined) => onChange(v)}
      options={(tenants.data?.list ?? []).map((x) => ({
        value: x.tenantId,
        label: `${x.name} · ${x.tenantId}`,
      }))}
    />
  );
}
