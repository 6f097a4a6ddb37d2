import { SoundOutlined } from '@ant-design/icons';
import { MSG_LEVEL_URGENT } from '@portal/domain/messages/codes';
import type { TGlobalMsg } from '@portal/domain/messages/rules';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useGlobalMessage } from '../api/get-global-message.ts';
import { messageText, messageViewPath } from '../message-labels.ts';
import { useMsgRefreshInterval } from '../msg-refresh-store.ts';

/** One pass of the scrolling notice takes 15 s and it runs twice, then stops (spec section 9). */
export const SCROLL_NOTICE_SECONDS = 15;
export const SCROLL_NOTICE_PASSES = 2;

export interface ScrollingNoticeProps {
  message: NonNullable<TGlobalMsg['scrollMsg']>;
}

/**
 * The navbar's scrolling notice: the text (content in zh, enContent otherwise) crosses the
 * bar twice in 15 s passes, then rests at its start; level 03 shows the important style.
 */
export function ScrollingNotice({ message }: ScrollingNoticeProps) {
  const { t } = useTranslation('messages');
  const lang = currentLanguage();
  const text = messageText(message, lang);
  const important = message.msgLevel === MSG_LEVEL_URGENT;
  // A new notice or language starts the passes again.
  const runKey = `${message.id}:${lang}`;
  const [finished, setFinished] = useState<string | null>(null);
  const running = finished !== runKey;
  if (!text) return null;

  return (
    <Link
      to={messageViewPath(message.id)}
      className={`portal-notice${important ? ' portal-notice-important' : ''}`}
      title={text}
      data-level={message.msgLevel}
    >
      {important ? (
        <Tag color="red" className="portal-notice-tag">
          {t('notice.important')}
          <span className="portal-sr-only">: </span>
        </Tag>
      ) : (
        <SoundOutlined aria-hidden className="portal-notice-icon" />
      )}
      <span className="portal-notice-track">
        <span
          key={runKey}
          className={running ? 'portal-notice-text portal-notice-running' : 'portal-notice-text'}
          style={
            running
              ? {
                  animationDuration: `${SCROLL_NOTICE_SECONDS}s`,
                  animationIterationCount: SCROLL_NOTICE_PASSES,
                }
              : undefined
          }
          onAnimationEnd={() => setFinished(runKey)}
        >
          {text}
        </span>
      </span>
    </Link>
  );
}

/** The scrolling notice of the signed-in user's global message, when there is one. */
export function GlobalScrollingNotice() {
  const interval = useMsgRefreshInterval();
  const { data } = useGlobalMessage({ refetchInterval: interval });
  return data?.scrollMsg ? <ScrollingNotice message={data.scrollMsg} /> : null;
}
