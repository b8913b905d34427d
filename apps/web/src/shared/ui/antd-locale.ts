import type { Language } from '@dramastar/contract';
import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import idID from 'antd-mobile/es/locales/id-ID';
import viVN from 'antd-mobile/es/locales/vi-VN';
import { selectLanguage, useSession } from '../store/session';

const LOCALES: Record<Language, typeof enUS> = { en: enUS, vn: viVN, id: idID };

/**
 * antd-mobile's texts (a list's "No more", a picker's buttons) in the session's language, set as
 * its default config when this module loads and at each change of language. Pages load it with
 * their script (app/lazy-page.tsx), so the first screen does not load antd-mobile.
 */
const follow = (language: Language) => setDefaultConfig({ locale: LOCALES[language] });
follow(selectLanguage(useSession.getState()));
useSession.subscribe((state, before) => {
  const language = selectLanguage(state);
  if (language !== selectLanguage(before)) follow(language);
});
