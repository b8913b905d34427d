import { useEffect } from 'react';
import { applyTheme } from '../shared/theme/apply-theme';
import { useLanguage, useSession } from '../shared/store/session';

const HTML_LANG = { en: 'en', vn: 'vi', id: 'id' } as const;

/** Keeps <html> in step with the session: theme, language and the tenant's name as page title. */
export function SessionEffects() {
  const theme = useSession((s) => s.theme);
  const tenantName = useSession((s) => s.tenantName);
  const language = useLanguage();

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    document.title = tenantName;
  }, [tenantName]);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language];
  }, [language]);
  return null;
}
