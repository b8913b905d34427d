import { Input, Select } from 'antd';
import { useSession } from '../session/session';

/**
 * The tenant a list is narrowed to: an owner types any tenant id (6 digits); an operator bound to
 * tenants picks one of theirs. Empty = every tenant the operator may see.
 */
export function TenantFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tenantId: string | undefined) => void;
}) {
  const tenants = useSession((s) => s.operator?.tenantIds ?? []);
  if (tenants.length > 0) {
    return (
      <Select
        data-testid="filter-tenant"
        allowClear
        placeholder="All my tenants"
        style={{ width: 160 }}
        value={value}
        onChange={(v: string | undefined) => onChange(v)}
        options={tenants.map((t) => ({ value: t, label: t }))}
      />
    );
  }
  return (
    <Input.Search
      data-testid="filter-tenant"
      allowClear
      placeholder="Tenant id (000000)"
      style={{ width: 200 }}
      maxLength={6}
      defaultValue={value}
      onSearch={(v) => onChange(/^\d{6}$/.test(v.trim()) ? v.trim() : undefined)}
    />
  );
}
