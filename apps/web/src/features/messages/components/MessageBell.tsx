import { BellOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import { badgeText, MSG_CENTER_CODES } from '@portal/domain/messages/codes';
import { Badge, Button, Empty, Flex, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useUnreadCounts } from '../api/collect-unread.ts';
import { useHaveRead } from '../api/have-read.ts';
import { MSG_CENTER_READ, MSG_CENTER_VIEW } from '../api/keys.ts';
import { useMessageList } from '../api/list-messages.ts';
import {
  categoryLabel,
  MESSAGE_LIST_PATH,
  messageCenterPath,
  messageTitle,
  messageViewPath,
} from '../message-labels.ts';
import { useMsgRefreshInterval } from '../msg-refresh-store.ts';
import { AutoRefreshSwitch } from './AutoRefreshSwitch.tsx';

/** Unread messages the bell's panel lists. */
export const BELL_LIST_SIZE = 5;

function BellPanel({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation('messages');
  const lang = currentLanguage();
  const navigate = useNavigate();
  const interval = useMsgRefreshInterval();
  const canRead = usePermission().has(MSG_CENTER_READ);
  const counts = useUnreadCounts({ refetchInterval: interval });
  const list = useMessageList(
    { current: 1, size: BELL_LIST_SIZE, readStatus: 'unread' },
    { refetchInterval: interval },
  );
  const haveRead = useHaveRead();
  const unread = list.data?.records ?? [];
  const byCode = new Map((counts.data?.statisticsList ?? []).map((s) => [s.code, s]));

  const go = (path: string) => {
    onLeave();
    navigate(path);
  };

  return (
    <div className="portal-bell-panel">
      <Flex justify="space-between" align="center" className="portal-bell-head">
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <AutoRefreshSwitch />
      </Flex>
      <ul className="portal-bell-categories" aria-label={t('bell.categories')}>
        {MSG_CENTER_CODES.map((code) => {
          const stat = byCode.get(code);
          const label = stat ? (lang === 'en' ? stat.labelEn : stat.label) : categoryLabel(code, lang);
          const count = stat?.count ?? 0;
          return (
            <li key={code}>
              <button type="button" onClick={() => go(messageCenterPath(code))} data-code={code}>
                <span>{label}</span>
                <Badge count={count > 0 ? badgeText(count) : 0} size="small" />
              </button>
            </li>
          );
        })}
      </ul>
      <Typography.Text type="secondary" className="portal-bell-subtitle">
        {t('bell.latestUnread')}
      </Typography.Text>
      <Spin spinning={list.isFetching && !list.data}>
        {unread.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.noUnread')} />
        ) : (
          <ul className="portal-bell-items">
            {unread.map((msg) => (
              <li key={msg.id} className="portal-bell-item">
                <button type="button" onClick={() => go(messageViewPath(msg.id))}>
                  <span className="portal-bell-item-title">{messageTitle(msg, lang)}</span>
                  <span className="portal-bell-item-meta">
                    {categoryLabel(msg.code, lang)} · {formatDate(msg.createdAt, 'YYYY-MM-DD HH:mm')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <Flex justify="space-between" className="portal-bell-foot">
        <Button
          size="small"
          disabled={!canRead || unread.length === 0}
          loading={haveRead.isPending}
          onClick={() =>
            haveRead.mutate({ ids: unread.map((m) => m.id), unreadCodes: unread.map((m) => m.code) })
          }
        >
          {t('bell.markShownRead')}
        </Button>
        <Button size="small" type="link" onClick={() => go(MESSAGE_LIST_PATH)}>
          {t('bell.viewAll')}
        </Button>
      </Flex>
    </div>
  );
}

/** The navbar's notification badge (capped at 99) with the per-category panel. */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  const interval = useMsgRefreshInterval();
  const counts = useUnreadCounts({ refetchInterval: interval });
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const total = counts.data?.count ?? 0;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
      content={<BellPanel onLeave={() => setOpen(false)} />}
    >
      <Button type="text" aria-label={t('bell.label', { count: total })} className="portal-bell">
        <Badge count={total > 0 ? badgeText(total) : 0} size="small" offset={[4, -2]}>
          <BellOutlined aria-hidden style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
