import { Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n.ts';
import { LanguageButton } from './LanguageButton.tsx';

export interface LanguageMenuProps {
  compact?: boolean;
  /** Open at once: the user clicked before this part had loaded. */
  initialOpen?: boolean;
  /** Take the focus: the button the user focused was replaced by this one. */
  initialFocus?: boolean;
}

/** The language dropdown itself (antd Dropdown and Menu), loaded on first use. */
export default function LanguageMenu({
  compact,
  initialOpen = false,
  initialFocus = false,
}: LanguageMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initialOpen);
  const button = useRef<HTMLButtonElement>(null);
  const lang = currentLanguage();
  useEffect(() => {
    if (initialFocus) button.current?.focus();
  }, [initialFocus]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: LANGUAGES.map((l) => ({
          key: l,
          label: <span lang={l === 'zh' ? 'zh-CN' : 'en'}>{t(`language.${l}`)}</span>,
        })),
        selectable: true,
        selectedKeys: [lang],
        onClick: ({ key }) => {
          setOpen(false);
          if (isLanguage(key)) void setLanguage(key);
        },
      }}
    >
      <LanguageButton ref={button} compact={compact} />
    </Dropdown>
  );
}
