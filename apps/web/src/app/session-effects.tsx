import { localeOf } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { dramaKeys } from '../features/drama/api/keys';
import { walletQueryKey } from '../shared/api/query-keys';
import { applyTheme } from '../shared/theme/apply-theme';
import { useLanguage, useSession } from '../shared/store/session';

/**
 * Keeps <html> in step with the session: theme, language and the tenant's name as page title.
 * Server texts come in the request's language and drama lists carry the viewer's likes, follows
 * and progress: a new language refetches every query, a login or logout the drama ones (and
 * forgets the wallet's).
 */
export function SessionEffects() {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const theme = useSession((s) => s.theme);
  const tenantName = useSession((s) => s.tenantName);
  const language = useLanguage();

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    document.title = tenantName;
  }, [tenantName]);
  useEffect(() => {
    document.documentElement.lang = localeOf(language);
  }, [language]);

  const seen = useRef({ token, language });
  useEffect(() => {
    const before = seen.current;
    seen.current = { token, language };
    if (before.language !== language) void queryClient.invalidateQueries();
    else if (before.token !== token) {
      void queryClient.invalidateQueries({ queryKey: dramaKeys.all });
      // Another account's wallet must never show, not even while the new one loads.
      void queryClient.resetQueries({ queryKey: walletQueryKey });
    }
  }, [token, language, queryClient]);
  return null;
}
