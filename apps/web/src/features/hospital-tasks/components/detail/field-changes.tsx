/**
 * NEW markers (spec section 2): a field changed by the task shown (or by the change that last
 * updated the record) carries a NEW tag; hovering or focusing it shows the old value.
 */
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { LABELS, type TLabelKey } from '@portal/domain/hospital-tasks/rules';
import { Tag, Tooltip } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/use-language.ts';
import { fieldChange } from './detail-rules.ts';
import { FieldValue } from './FieldValue.tsx';

type TCompareSource = Pick<THospitalTaskView, 'compareResult' | 'oldData'>;

const NO_CHANGES: TCompareSource = { compareResult: null, oldData: null };
const FieldChangesContext = createContext<TCompareSource>(NO_CHANGES);

/** Makes the compare data of a record or task available to the NEW markers below. */
export function FieldChangesProvider({ source, children }: { source: TCompareSource; children: ReactNode }) {
  return <FieldChangesContext.Provider value={source}>{children}</FieldChangesContext.Provider>;
}

export function useFieldChange(field: string) {
  return fieldChange(useContext(FieldChangesContext), field);
}

/** The NEW tag of a field, with its old value in a tooltip; nothing when the field did not change. */
export function NewMarker({ field }: { field: string }) {
  const { t } = useTranslation('hospital-tasks');
  const change = useFieldChange(field);
  if (!change.changed) return null;
  const title = change.hasOldValue ? (
    <div className="hospital-old-value">
      <div className="hospital-old-value-title">{t('detail.oldValue')}</div>
      <FieldValue field={field} value={change.oldValue} />
    </div>
  ) : (
    t('detail.changedNoOldValue')
  );
  return (
    <Tooltip title={title} styles={{ container: { maxWidth: 420 } }}>
      <Tag
        color="red"
        className="hospital-new-marker"
        tabIndex={0}
        aria-label={t('detail.newMarkerLabel')}
        data-field={field}
      >
        NEW
      </Tag>
    </Tooltip>
  );
}

/** A field's label in the current language with its NEW marker. */
export function FieldLabel({ field, children }: { field: string; children?: ReactNode }) {
  const lang = useLanguage();
  const label = children ?? (field in LABELS ? LABELS[field as TLabelKey][lang] : field);
  return (
    <span className="hospital-field-label">
      {label}
      <NewMarker field={field} />
    </span>
  );
}
