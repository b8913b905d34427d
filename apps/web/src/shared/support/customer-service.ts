import { api, type CallResult } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api/request';
import { useSession } from '../store/session';

export type SupportContact = CallResult<typeof api.config.customerService>['contacts'][number];
export type ContactKind = SupportContact['kind'];

export function customerServiceQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['config', 'customerService', tenantId] as const,
    queryFn: ({ signal }) =>
      request(api.config.customerService, { query: { tenantId }, signal, hideToast: true }),
    staleTime: 5 * 60_000,
  });
}

/** The tenant's support contacts (Telegram, WhatsApp, e-mail, in-app chat). */
export function useCustomerService() {
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  return useQuery({ ...customerServiceQueryOptions(tenantId), enabled: tenantKnown });
}

export function telegramAgentQueryOptions(host: string) {
  return queryOptions({
    queryKey: ['config', 'tgAgent', host] as const,
    queryFn: ({ signal }) =>
      request(api.config.queryTgAgent, { query: { domain: host }, signal, hideToast: true }),
    staleTime: 5 * 60_000,
  });
}

/** The Telegram agent of the host the app is served from (or the tenant's default), or null. */
export function useTelegramAgent(host: string = window.location.hostname) {
  return useQuery(telegramAgentQueryOptions(host));
}

/**
 * A contact address that may be opened from the app: web links, mailto: and tg: only (the
 * operator types them; a `javascript:` address must never become a link). Null otherwise.
 */
export function safeContactUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['https:', 'http:', 'mailto:', 'tg:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What a person reads for an address: "@dramastar_support", "support@…", "+84912345678". */
export function contactHandle(kind: ContactKind, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol === 'mailto:') return decodeURIComponent(parsed.pathname);
  const path = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (kind === 'telegram' && /(^|\.)t\.me$|(^|\.)telegram\.me$/.test(parsed.hostname) && path) {
    return `@${path.split('/')[0] ?? path}`;
  }
  if (kind === 'whatsapp' && parsed.hostname === 'wa.me' && /^\d+$/.test(path)) return `+${path}`;
  return `${parsed.hostname}${path ? `/${path}` : ''}`;
}
