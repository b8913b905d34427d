import { useSession } from '../store/session';

/** Logo and product name of the current tenant. */
export function Brand() {
  const name = useSession((s) => s.tenantName);
  return (
    <div className="ds-brand" data-testid="brand">
      <img className="ds-brand__logo" src="/logo.svg" alt="" width={32} height={32} />
      <span className="ds-brand__name">{name}</span>
    </div>
  );
}
