import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHexColor, THEME_PRESETS, type TSettings, useSettingsStore } from './settings-store.ts';
import { useShellStore } from './shell-store.ts';

const SWITCHES = [
  'uniqueOpened',
  'tagsView',
  'fixedHeader',
  'sidebarLogo',
] as const satisfies readonly (keyof TSettings)[];

/** The settings drawer: theme colour, unique-opened submenu, tags view, fixed header, sidebar logo. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useShellStore((s) => s.settingsOpen);
  const setOpen = useShellStore((s) => s.setSettingsOpen);
  const settings = useSettingsStore();

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={() => setOpen(false)}
      size={320}
      destroyOnHidden
      footer={
        <Button block onClick={settings.reset}>
          {t('settings.reset')}
        </Button>
      }
    >
      <Typography.Title level={5} id="portal-theme-label" style={{ marginTop: 0 }}>
        {t('settings.themeColor')}
      </Typography.Title>
      <Flex wrap gap={6} role="radiogroup" aria-labelledby="portal-theme-label">
        {THEME_PRESETS.map((color) => {
          const checked = settings.themeColor.toUpperCase() === color.toUpperCase();
          return (
            // biome-ignore lint/a11y/useSemanticElements: a swatch button is the radio here
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={t('settings.preset', { color })}
              className="portal-swatch"
              style={{ background: color }}
              onClick={() => settings.change('themeColor', color)}
            >
              {checked && <CheckOutlined aria-hidden />}
            </button>
          );
        })}
      </Flex>
      <Flex align="center" gap={8} style={{ marginTop: 12 }}>
        <label htmlFor="portal-custom-color">{t('settings.customColor')}</label>
        {/* The browser's own colour chooser: keyboard-usable, and it keeps Ant Design's
            ColorPicker (and the Collapse under it) out of the first page's bundle. */}
        <input
          type="color"
          id="portal-custom-color"
          className="portal-color-input"
          aria-label={t('settings.customColor')}
          value={settings.themeColor.toLowerCase()}
          onChange={(event) => {
            const hex = event.target.value.toUpperCase();
            if (isHexColor(hex)) settings.change('themeColor', hex);
          }}
        />
        <Typography.Text code>{settings.themeColor.toUpperCase()}</Typography.Text>
      </Flex>
      <Divider />
      {SWITCHES.map((key) => (
        <Flex key={key} align="center" justify="space-between" className="portal-setting-row">
          <label htmlFor={`portal-setting-${key}`}>{t(`settings.${key}`)}</label>
          <Switch
            id={`portal-setting-${key}`}
            checked={settings[key]}
            onChange={(checked) => settings.change(key, checked)}
          />
        </Flex>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        {t('settings.note')}
      </Typography.Paragraph>
    </Drawer>
  );
}
