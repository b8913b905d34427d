import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@dramastar/contract';
import { Select } from 'antd';
import { useLanguage, useT } from '../i18n';

/** The console's language, each named in itself (English, Tiếng Việt, Bahasa Indonesia). */
export function LanguagePicker() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const setLanguage = useLanguage((s) => s.setLanguage);
  return (
    <Select
      data-testid="language-picker"
      aria-label={t('language')}
      value={language}
      className="ds-w-170"
      prefix={<GlobalOutlined />}
      onChange={setLanguage}
      options={LANGUAGES.map((l) => ({ value: l.key, label: l.name }))}
    />
  );
}
