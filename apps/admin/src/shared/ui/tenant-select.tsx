import { Select } from 'antd';
import { useMyTenants } from '../api/my-tenants';

/**
 * One tenant picked by name for a form (a new series, a canned reply, the configuration): the
 * tenants the operator acts in, every tenant for an owner. Works as a form control.
 */
export function TenantSelect({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: string;
  onChange?: (tenantId: string) => void;
  testId: string;
  disabled?: boolean;
}) {
  const tenants = useMyTenants();
  return (
    <Select
      data-testid={testId}
      className="ds-min-220"
      showSearch={{ optionFilterProp: 'label' }}
      loading={tenants.isLoading}
      disabled={disabled}
      value={value}
      onChange={(v: string) => onChange?.(v)}
      options={(tenants.data?.list ?? []).map((t) => ({
        value: t.tenantId,
        label: `${t.name} · ${t.tenantId}`,
      }))}
    />
  );
}
