import { DownOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';

export interface LanguageButtonProps extends Omit<ButtonProps, 'type' | 'icon' | 'children'> {
  compact?: boolean;
}

/** The button of the language dropdown, showing the current language; other props (a dropdown's handlers) pass through. */
export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(function LanguageButton(
  { compact = false, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const current = t(`language.${currentLanguage()}`);
  return (
    <Button
      ref={ref}
      type="text"
      icon={<TranslationOutlined />}
      aria-label={`${t('language.switch')}: ${current}`}
      aria-haspopup="menu"
      {...rest}
    >
      {!compact && current}
      {!compact && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
    </Button>
  );
});
