import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextColor, textOn } from '../lib/contrast.ts';
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
  const theme = useMemo(() => portalTheme(themeColor, reducedMotion), [themeColor, reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'en' ? enUS : zhCN} button={{ autoInsertSpace: false }} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Secondary text: Ant Design's 45 % black is 3.4:1 on white; 62 % is 6:1 (WCAG AA is 4.5:1). */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';
/** Placeholders are read before anything is typed: 5:1 on white and 4.6:1 on a disabled field. */
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.56)';
/** Danger and error text: Ant Design's #ff4d4f is 3.3:1 on white; red-7 is 5.6:1 (5.1:1 on its tint). */
const ERROR_COLOUR = '#cf1322';

/**
 * The Ant Design theme: the theme colour for fills and accents, with text colours that meet
 * WCAG AA on and around it (docs/decisions/0019-accessible-colours.md).
 */
export function portalTheme(themeColor: string, reducedMotion: boolean): ThemeConfig {
  const onPrimary = textOn(themeColor);
  const primaryText = readableTextColor(themeColor);
  return {
    token: {
      colorPrimary: themeColor,
      colorLink: primaryText,
      colorLinkHover: primaryText,
      colorLinkActive: primaryText,
      colorPrimaryText: primaryText,
      colorPrimaryTextHover: primaryText,
      colorPrimaryTextActive: primaryText,
      colorTextDescription: SECONDARY_TEXT,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      colorError: ERROR_COLOUR,
      motion: !reducedMotion,
    },
    components: {
      Layout: { headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 },
      Button: { primaryColor: onPrimary },
      Menu: { darkItemSelectedColor: onPrimary, itemSelectedColor: primaryText },
      Tabs: { itemSelectedColor: primaryText, itemActiveColor: primaryText, itemHoverColor: primaryText },
      Pagination: { itemActiveColor: primaryText, itemActiveColorHover: primaryText },
    },
  };
}
