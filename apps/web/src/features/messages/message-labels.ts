/** Display labels of message codes, levels and texts in the current language. */
import {
  MSG_CATEGORIES,
  MSG_LEVELS,
  type TMsgCategoryCode,
  type TMsgLevelCode,
} from '@portal/domain/messages/codes';
import type { TLanguage } from '../../lib/i18n.ts';

export function categoryLabel(code: string, lang: TLanguage): string {
  const entry = MSG_CATEGORIES[code as TMsgCategoryCode];
  return entry ? entry[lang] : code;
}

export function levelLabel(code: string, lang: TLanguage): string {
  const entry = MSG_LEVELS[code as TMsgLevelCode];
  return entry ? entry[lang] : code;
}

/** Tag colours of the levels: normal, high, urgent. */
export const LEVEL_COLORS: Record<string, string> = { '01': 'default', '02': 'orange', '03': 'red' };

/** A message's text in a language: content for zh, enContent otherwise (the other when empty). */
export function messageText(msg: { content: string; enContent: string }, lang: TLanguage): string {
  return lang === 'zh' ? msg.content || msg.enContent : msg.enContent || msg.content;
}

/** A message's title in a language (the other when empty). */
export function messageTitle(msg: { title: string; titleEn: string }, lang: TLanguage): string {
  return lang === 'zh' ? msg.title || msg.titleEn : msg.titleEn || msg.title;
}

/** The view route of a message: it is marked read, then shown (spec section 2). */
export function messageViewPath(id: string): string {
  return `/resources/msg/edit?id=${encodeURIComponent(id)}&type=view`;
}

/** The message centre (Task Center), optionally on one code and opening one message. */
export function messageCenterPath(code?: string | null, id?: string | null): string {
  const base = code ? `/resources/messageCenter/${encodeURIComponent(code)}` : '/resources/messageCenter';
  return id ? `${base}?id=${encodeURIComponent(id)}` : base;
}

/** The message list page (/resources goes here). */
export const MESSAGE_LIST_PATH = '/resources/msg';
