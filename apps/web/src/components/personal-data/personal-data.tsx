/**
 * Masked personal data (decision 0020): values show masked; a user holding the reveal
 * permission can show one field of the record on screen, after the server has logged it.
 */
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import {
  maskPersonalData,
  PERSONAL_DATA_REVEAL,
  type TPersonalDataKind,
  type TRevealBody,
} from '@portal/domain/personal-data/rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http.ts';
import { usePermission } from '../permission/use-permission.ts';

/** POST /authority/personalData/reveal: the server writes the reveal to the operation log. */
export function logReveal(body: TRevealBody): Promise<{ logged: true }> {
  return http.post<{ logged: true }>('/authority/personalData/reveal', body);
}

interface TRevealState {
  target: Omit<TRevealBody, 'field'>;
  revealed: ReadonlySet<string>;
  setRevealed: (field: string, shown: boolean) => void;
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
  const [revealed, setFields] = useState<ReadonlySet<string>>(new Set());
  const [shownFor, setShownFor] = useState(`${bizType}:${bizId}`);
  // Another record in the same place (a tab reused for another task) starts masked again.
  if (shownFor !== `${bizType}:${bizId}`) {
    setShownFor(`${bizType}:${bizId}`);
    setFields(new Set());
  }
  const value = useMemo<TRevealState | null>(
    () =>
      bizType && bizId
        ? {
            target: { bizType, bizId },
            revealed,
            setRevealed: (field, shown) =>
              setFields((current) => {
                const next = new Set(current);
                if (shown) next.add(field);
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
}

/** A personal value, masked until revealed; the button needs the reveal permission and a record. */
export function MaskedValue({ field, kind, value, toggle = false, empty = '-' }: MaskedValueProps) {
  const { t } = useTranslation();
  const state = useContext(RevealContext);
  const mayReveal = usePermission().has(PERSONAL_DATA_REVEAL);
  const reveal = useMutation({
    mutationFn: logReveal,
    onSuccess: () => state?.setRevealed(field, true),
  });
  const text = value.trim();
  if (!text) return <>{empty}</>;
  const shown = state?.revealed.has(field) ?? false;
  const canToggle = toggle && !!state && mayReveal;
  const label = shown ? t('personalData.hide') : t('personalData.show');
  return (
    <span className="portal-masked">
      <span className="portal-masked-text" data-masked={shown ? 'false' : 'true'}>
        {shown ? text : maskPersonalData(kind, text)}
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
