import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlFilters<S extends string> {
  status?: S;
  tenantId?: string;
  q?: string;
}

/**
 * A queue's first filters from its address (`?status=applied&tenantId=000001&q=W2026…`), so the
 * dashboard's counts and a chat's order numbers open the queue narrowed to what they name.
 * Values the queue does not know are ignored. Read once: the page's own filters take over.
 */
export function useUrlFilters<S extends string>(statuses: readonly S[]): UrlFilters<S> {
  const [params] = useSearchParams();
  const [filters] = useState<UrlFilters<S>>(() => {
    const status = params.get('status');
    const tenantId = params.get('tenantId');
    const q = params.get('q')?.trim();
    return {
      ...(status && (statuses as readonly string[]).includes(status) ? { status: status as S } : {}),
      ...(tenantId && /^\d{6}$/.test(tenantId) ? { tenantId } : {}),
      ...(q ? { q } : {}),
    };
  });
  return filters;
}
