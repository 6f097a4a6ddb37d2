/**
 * Masked personal data (decision 0020): values show masked; a user holding the reveal
 * permission can show one field of the record on screen, after the server has logged it.
 * Members and appointments arrive masked from the server (`masked`): their reveal answers the
 * value itself, which is kept only while the record is on screen.
 */
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import {
  maskPersonalData,
  PERSONAL_DATA_REVEAL,
  type TPersonalDataKind,
  type TRevealBody,
  type TRevealResult,
} from '@portal/domain/personal-data/rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http.ts';
import { usePermission } from '../permission/use-permission.ts';

/** POST /authority/personalData/reveal: the server writes the reveal to the operation log. */
export function logReveal(body: TRevealBody): Promise<TRevealResult> {
  return http.post<TRevealResult>('/authority/personalData/reveal', body);
}

interface TRevealState {
  target: Omit<TRevealBody, 'field'>;
  /** The fields shown, with the value the server answered (none when the screen holds it). */
  revealed: ReadonlyMap<string, string | undefined>;
  setRevealed: (field: string, shown: boolean, value?: string) => void;
}

const RevealContext = createContext<TRevealState | null>(null);

/**
 * The record whose masked fields the values below belong to. Revealing a field shows it
 * everywhere under this provider (current value, old value, change list); leaving the record
 * masks it again.
 */
export function PersonalDataProvider({
  target,
  children,
}: {
  target: Omit<TRevealBody, 'field'> | null;
  children: ReactNode;
}) {
  const bizType = target?.bizType;
  const bizId = target?.bizId;
  const [revealed, setFields] = useState<ReadonlyMap<string, string | undefined>>(new Map());
  const [shownFor, setShownFor] = useState(`${bizType}:${bizId}`);
  // Another record in the same place (a tab reused for another task) starts masked again.
  if (shownFor !== `${bizType}:${bizId}`) {
    setShownFor(`${bizType}:${bizId}`);
    setFields(new Map());
  }
  const value = useMemo<TRevealState | null>(
    () =>
      bizType && bizId
        ? {
            target: { bizType, bizId },
            revealed,
            setRevealed: (field, shown, value) =>
              setFields((current) => {
                const next = new Map(current);
                if (shown) next.set(field, value);
                else next.delete(field);
                return next;
              }),
          }
        : null,
    [bizType, bizId, revealed],
  );
  return <RevealContext.Provider value={value}>{children}</RevealContext.Provider>;
}

export interface MaskedValueProps {
  /** The record field, as the server knows it (accountNo). */
  field: string;
  kind: TPersonalDataKind;
  value: string;
  /** Offer the show/hide button here (one place per field; elsewhere the value follows it). */
  toggle?: boolean;
  /** Shown for an empty value. */
  empty?: ReactNode;
  /** The value arrived masked: the reveal's answer replaces it. */
  masked?: boolean;
}

/** A personal value, masked until revealed; the button needs the reveal permission and a record. */
export function MaskedValue({
  field,
  kind,
  value,
  toggle = false,
  empty = '-',
  masked = false,
}: MaskedValueProps) {
  const { t } = useTranslation();
  const state = useContext(RevealContext);
  const mayReveal = usePermission().has(PERSONAL_DATA_REVEAL);
  const reveal = useMutation({
    mutationFn: logReveal,
    onSuccess: (result) => state?.setRevealed(field, true, result.value),
  });
  const text = value.trim();
  if (!text) return <>{empty}</>;
  const shown = state?.revealed.has(field) ?? false;
  const hidden = masked ? text : maskPersonalData(kind, text);
  const canToggle = toggle && !!state && mayReveal;
  const label = shown ? t('personalData.hide') : t('personalData.show');
  return (
    <span className="portal-masked">
      <span className="portal-masked-text" data-masked={shown ? 'false' : 'true'}>
        {shown ? (state?.revealed.get(field) ?? text) : hidden}
      </span>
      {canToggle && (
        <Tooltip title={shown ? label : t('personalData.showLogged')}>
          <Button
            type="text"
            size="small"
            className="portal-masked-toggle"
            aria-label={label}
            aria-pressed={shown}
            loading={reveal.isPending}
            icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() =>
              shown ? state.setRevealed(field, false) : reveal.mutate({ ...state.target, field })
            }
          />
        </Tooltip>
      )}
    </span>
  );
}
