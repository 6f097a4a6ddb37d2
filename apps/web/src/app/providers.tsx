import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { usePrefersReducedMotion } from '../lib/use-media-query.ts';
import { useSettingsStore, useSettingsSync } from '../shell/settings-store.ts';

/**
 * Query client and Ant Design theme and locale (following the language). Ant Design's App
 * (message, modal) comes with the signed-in frame: see FeedbackProvider.
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  useTranslation();
  useSettingsSync();
  const lang = currentLanguage();
  // The theme colour of the settings drawer drives Ant Design's primary colour.
  const themeColor = useSettingsStore((s) => s.themeColor);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'en' ? enUS : zhCN}
        button={{ autoInsertSpace: false }}
        theme={{
          token: { colorPrimary: themeColor, colorLink: themeColor, motion: !reducedMotion },
          components: { Layout: { headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 } },
        }}
      >
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
