import { formatDate } from '@portal/domain/format/format';
import { MSG_NOTICE_CODE } from '@portal/domain/messages/codes';
import type { TPopUpMsg } from '@portal/domain/messages/rules';
import { Button, Modal, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { readString, STORAGE_KEYS, writeString } from '../../../lib/storage.ts';
import { useGlobalMessage } from '../api/get-global-message.ts';
import { useHaveRead } from '../api/have-read.ts';
import { LEVEL_COLORS, levelLabel, messageCenterPath, messageText, messageTitle } from '../message-labels.ts';

/** True when the hideNotice local setting exists (set by Check detail; it goes at logout). */
export function noticesHidden(): boolean {
  return readString(STORAGE_KEYS.HIDE_NOTICE) !== null;
}

/**
 * The global notice dialog (spec section 2): the unread pop-up notices one at a time with
 * Next, or Noted on the last (which marks them all read), and Check detail (the message
 * centre on code 04 with the notice's id; notices then stay hidden until logout). It cannot
 * be closed by clicking outside, by Escape or by a close button.
 */
export function GlobalNoticeDialog() {
  const { t } = useTranslation('messages');
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { data } = useGlobalMessage();
  const haveRead = useHaveRead();
  const [hidden, setHidden] = useState(noticesHidden);
  const [walk, setWalk] = useState<TPopUpMsg[] | null>(null);
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());

  // A walk starts with the notices of the moment; later answers do not change it mid-way.
  useEffect(() => {
    if (walk || hidden) return;
    const pending = (data?.popUpMsg ?? []).filter((n) => !done.has(n.id));
    if (pending.length > 0) {
      setWalk(pending);
      setIndex(0);
    }
  }, [data, walk, hidden, done]);

  if (!walk || hidden) return null;
  const notice = walk[Math.min(index, walk.length - 1)];
  const last = index >= walk.length - 1;

  const finish = () => {
    setDone((d) => new Set([...d, ...walk.map((n) => n.id)]));
    setWalk(null);
  };

  const noted = async () => {
    await haveRead.mutateAsync({ ids: walk.map((n) => n.id), unreadCodes: walk.map((n) => n.code) });
    finish();
  };

  const checkDetail = () => {
    writeString(STORAGE_KEYS.HIDE_NOTICE, 'true');
    setHidden(true);
    finish();
    navigate(messageCenterPath(MSG_NOTICE_CODE, notice.id));
  };

  return (
    <Modal
      open
      centered
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={560}
      title={
        <span className="portal-notice-dialog-title">
          <span>{messageTitle(notice, lang)}</span>
          {walk.length > 1 && (
            <Typography.Text type="secondary" className="portal-notice-dialog-count">
              {t('dialog.position', { current: index + 1, total: walk.length })}
            </Typography.Text>
          )}
        </span>
      }
      footer={[
        <Button key="detail" onClick={checkDetail}>
          {t('dialog.checkDetail')}
        </Button>,
        last ? (
          <Button
            key="noted"
            type="primary"
            loading={haveRead.isPending}
            onClick={() => void noted().catch(() => undefined)}
          >
            {t('dialog.noted')}
          </Button>
        ) : (
          <Button key="next" type="primary" onClick={() => setIndex((i) => i + 1)}>
            {t('dialog.next')}
          </Button>
        ),
      ]}
    >
      <div className="portal-notice-dialog-meta">
        <Tag color={LEVEL_COLORS[notice.msgLevel]}>{levelLabel(notice.msgLevel, lang)}</Tag>
        <Typography.Text type="secondary">{formatDate(notice.createdAt, 'YYYY-MM-DD HH:mm')}</Typography.Text>
      </div>
      <Typography.Paragraph className="portal-message-content">
        {messageText(notice, lang)}
      </Typography.Paragraph>
    </Modal>
  );
}
