import { Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMsgRefreshStore } from '../msg-refresh-store.ts';

/** The message auto-refresh switch (remembered as MSG_REFRESH; 15 s while on). */
export function AutoRefreshSwitch() {
  const { t } = useTranslation('messages');
  const id = useId();
  const on = useMsgRefreshStore((s) => s.on);
  const setOn = useMsgRefreshStore((s) => s.setOn);
  return (
    <span className="portal-auto-refresh">
      <label htmlFor={id}>{t('autoRefresh.label')}</label>
      <Switch id={id} size="small" checked={on} onChange={setOn} />
    </span>
  );
}
