import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registerFeedback } from '../lib/feedback.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { usePrefersReducedMotion } from '../lib/use-media-query.ts';
import { useSettingsStore, useSettingsSync } from '../shell/settings-store.ts';

/** Hands Ant Design's context-aware message and modal to code outside React. */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

/** Query client, Ant Design theme and locale (following the language), and the feedback bridge. */
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
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
