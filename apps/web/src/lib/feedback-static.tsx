/**
 * Ant Design's static message and modal for feedback outside the frame's App (the login page,
 * the forced password change, a session failure before the frame mounts). Static calls cannot
 * read React context, so they render inside a ConfigProvider with the app's theme and locale.
 */
import { ConfigProvider, Modal, message } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useSettingsStore } from '../shell/settings-store.ts';
import { currentLanguage } from './i18n.ts';

ConfigProvider.config({
  holderRender: (children) => {
    const color = useSettingsStore.getState().themeColor;
    const reducedMotion = Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
    return (
      <ConfigProvider
        locale={currentLanguage() === 'en' ? enUS : zhCN}
        button={{ autoInsertSpace: false }}
        theme={{ token: { colorPrimary: color, colorLink: color, motion: !reducedMotion } }}
      >
        {children}
      </ConfigProvider>
    );
  },
});

export { Modal as staticModal, message as staticMessage };
