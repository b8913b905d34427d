import type { Language } from '@dramastar/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import idID from 'antd-mobile/es/locales/id-ID';
import viVN from 'antd-mobile/es/locales/vi-VN';
import type { ReactNode } from 'react';
import { useLanguage } from '../shared/store/session';
import { SessionEffects } from './session-effects';

const ANTD_LOCALES: Record<Language, typeof enUS> = { en: enUS, vn: viVN, id: idID };

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const language = useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <SessionEffects />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
