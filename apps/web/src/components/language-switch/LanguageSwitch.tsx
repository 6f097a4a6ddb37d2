import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n.ts';

/** The language dropdown (中文 / English); the choice is remembered and kept after logout. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const current = t(`language.${lang}`);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: LANGUAGES.map((l) => ({
          key: l,
          label: <span lang={l === 'zh' ? 'zh-CN' : 'en'}>{t(`language.${l}`)}</span>,
        })),
        selectable: true,
        selectedKeys: [lang],
        onClick: ({ key }) => {
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={`${t('language.switch')}: ${current}`}>
        {!compact && current}
        {!compact && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
}
