import { ReloadOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import {
  badgeText,
  MSG_CATEGORIES,
  MSG_CENTER_CODES,
  type TMsgCategoryCode,
  type TMsgReadStatus,
} from '@portal/domain/messages/codes';
import { MSG_LIST_PAGE_SIZE, type TMsgRecord } from '@portal/domain/messages/rules';
import {
  Badge,
  Button,
  Drawer,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useUnreadCounts } from '../api/collect-unread.ts';
import { useHaveRead } from '../api/have-read.ts';
import { MSG_CENTER_READ } from '../api/keys.ts';
import { useMessageList } from '../api/list-messages.ts';
import { categoryLabel, LEVEL_COLORS, levelLabel, messageTitle } from '../message-labels.ts';
import { useMsgRefreshInterval } from '../msg-refresh-store.ts';
import { AutoRefreshSwitch } from './AutoRefreshSwitch.tsx';
import { MessageViewer } from './MessageViewer.tsx';

type TReadFilter = 'all' | TMsgReadStatus;

export interface MessageListProps {
  /** The code tab to start on (the message centre's route param). */
  initialCode?: TMsgCategoryCode | null;
  /** A message to open on arrival (Check detail of the notice dialog). */
  openId?: string | null;
}

/**
 * The user's messages: a tab per code with its unread count, a read filter, pages of 20.
 * Opening a message marks it read, then the list reloads.
 */
export function MessageList({ initialCode = null, openId = null }: MessageListProps) {
  const { t } = useTranslation('messages');
  const lang = currentLanguage();
  const mobile = useIsMobile();
  const interval = useMsgRefreshInterval();
  const canRead = usePermission().has(MSG_CENTER_READ);
  const [code, setCode] = useState<TMsgCategoryCode | 'all'>(initialCode ?? 'all');
  const [readFilter, setReadFilter] = useState<TReadFilter>('all');
  const [page, setPage] = useState({ current: 1, size: MSG_LIST_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<string | null>(openId);
  const counts = useUnreadCounts({ refetchInterval: interval });
  const haveRead = useHaveRead();
  const list = useMessageList(
    {
      code: code === 'all' ? undefined : code,
      readStatus: readFilter === 'all' ? undefined : readFilter,
      current: page.current,
      size: page.size,
    },
    { refetchInterval: interval },
  );
  const records = list.data?.records ?? [];
  const byCode = new Map((counts.data?.statisticsList ?? []).map((s) => [s.code, s.count]));

  const markRead = (ids: string[]) => {
    const unread = records.filter((r) => ids.includes(r.id) && !r.read);
    if (unread.length === 0) return;
    haveRead.mutate(
      { ids: unread.map((r) => r.id), unreadCodes: unread.map((r) => r.code) },
      { onSuccess: () => setSelected([]) },
    );
  };

  const tabLabel = (label: string, count: number) => (
    <span className="portal-msg-tab">
      {label}
      {count > 0 && <Badge count={badgeText(count)} size="small" />}
    </span>
  );

  const columns: TableColumnsType<TMsgRecord> = [
    {
      key: 'title',
      title: t('fields.title'),
      render: (_, msg) => (
        <Button
          type="link"
          className={`portal-msg-title${msg.read ? '' : ' portal-msg-unread'}`}
          onClick={() => setViewing(msg.id)}
        >
          {!msg.read && <Badge status="processing" aria-hidden />}
          <span>{messageTitle(msg, lang)}</span>
        </Button>
      ),
    },
    {
      key: 'code',
      title: t('fields.category'),
      width: 150,
      render: (_, msg) => categoryLabel(msg.code, lang),
      responsive: ['md'],
    },
    {
      key: 'level',
      title: t('fields.level'),
      width: 90,
      render: (_, msg) => <Tag color={LEVEL_COLORS[msg.msgLevel]}>{levelLabel(msg.msgLevel, lang)}</Tag>,
      responsive: ['md'],
    },
    {
      key: 'sender',
      title: t('fields.sender'),
      width: 160,
      render: (_, msg) => (lang === 'en' ? msg.senderEn : msg.sender) || '-',
      responsive: ['lg'],
    },
    {
      key: 'sent',
      title: t('fields.sentAt'),
      width: 150,
      render: (_, msg) => formatDate(msg.createdAt, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'read',
      title: t('fields.status'),
      width: 90,
      render: (_, msg) =>
        msg.read ? <Tag>{t('read.read')}</Tag> : <Tag color="orange">{t('read.unread')}</Tag>,
      responsive: ['sm'],
    },
  ];

  return (
    <div className="portal-msg-list">
      <Tabs
        activeKey={code}
        onChange={(key) => {
          setCode(key as TMsgCategoryCode | 'all');
          setPage((p) => ({ ...p, current: 1 }));
          setSelected([]);
        }}
        items={[
          { key: 'all', label: tabLabel(t('tabs.all'), counts.data?.count ?? 0) },
          ...MSG_CENTER_CODES.map((c) => ({
            key: c,
            // Short names in the tab strip, so all seven fit at 1280 px in English too.
            label: tabLabel(t(`tabs.${MSG_CATEGORIES[c].categoryId}`), byCode.get(c) ?? 0),
          })),
        ]}
      />
      <Flex wrap gap={8} justify="space-between" align="center" className="portal-msg-toolbar">
        <Segmented<TReadFilter>
          value={readFilter}
          onChange={(value) => {
            setReadFilter(value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'all', label: t('read.all') },
            { value: 'unread', label: t('read.unread') },
            { value: 'read', label: t('read.read') },
          ]}
        />
        <Flex wrap gap={8} align="center">
          <AutoRefreshSwitch />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            aria-label={t('actions.reload')}
          />
          {canRead && (
            <>
              <Button
                disabled={selected.length === 0}
                loading={haveRead.isPending}
                onClick={() => markRead(selected)}
              >
                {t('actions.markSelected', { count: selected.length })}
              </Button>
              <Button
                disabled={!records.some((r) => !r.read)}
                onClick={() => markRead(records.map((r) => r.id))}
              >
                {t('actions.markPage')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
      <Table<TMsgRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records}
        loading={list.isFetching && !list.data}
        pagination={false}
        rowSelection={
          canRead
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (msg) => ({ disabled: msg.read, 'aria-label': messageTitle(msg, lang) }),
              }
            : undefined
        }
        locale={{ emptyText: t('empty') }}
      />
      <Flex justify="flex-end" className="portal-msg-pager">
        <Pager
          current={page.current}
          pageSize={page.size}
          total={list.data?.total ?? 0}
          simple={mobile}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t('view.title')}
        size={mobile ? '100%' : 560}
        destroyOnHidden
      >
        {viewing && <MessageViewer id={viewing} />}
      </Drawer>
      <Typography.Text type="secondary" className="portal-msg-hint">
        {t('hint')}
      </Typography.Text>
    </div>
  );
}
