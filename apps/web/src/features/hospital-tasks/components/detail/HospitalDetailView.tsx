import { TASK_TYPE } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import type { TRevealBody } from '@portal/domain/personal-data/rules';
import { Alert, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditFlowCard } from '../../../../components/change-tasks/AuditFlowCard.tsx';
import { PersonalDataProvider } from '../../../../components/personal-data/personal-data.tsx';
import { BankInfoCard } from './BankInfoCard.tsx';
import { BasicInfoCard } from './BasicInfoCard.tsx';
import { ChangeInfoCard } from './ChangeInfoCard.tsx';
import { ContactCard } from './ContactCard.tsx';
import { DetailDictionaryProvider } from './detail-dictionary.tsx';
import { changedFields, showChangeInfo } from './detail-rules.ts';
import { FieldChangesProvider } from './field-changes.tsx';
import { HospitalNotesCard } from './HospitalNotesCard.tsx';
import { LocationCard } from './LocationCard.tsx';
import { PhotoGalleryCard } from './PhotoGalleryCard.tsx';
import { ProviderSummaryCard } from './ProviderSummaryCard.tsx';
import { RemarksCard } from './RemarksCard.tsx';
import { ServiceTimeCard } from './ServiceTimeCard.tsx';
import './detail.css';

/** What a reveal of a masked field names: the task shown, or the approved record of the provider. */
function revealTarget(view: THospitalTaskView): Omit<TRevealBody, 'field'> | null {
  if (view.id) return { bizType: 'providerTask', bizId: view.id };
  return view.providerId ? { bizType: 'provider', bizId: view.providerId } : null;
}

export interface HospitalDetailViewProps {
  view: THospitalTaskView;
  /** What the NEW markers stand for: this task's changes, or the change that last updated the record. */
  markers: 'task' | 'record';
  /** Shown above the summary (the task card of the task detail screen). */
  header?: ReactNode;
}

/**
 * The cards of the hospital detail screens (spec section 2) in order, with their show-if
 * rules: summary, basic info, bank, location, contact, service time, pictures (when photos
 * exist), remarks (when either language has text), change information (when fields changed
 * or documents are attached), audit flow (when records exist) and the hospital notes.
 */
export function HospitalDetailView({ view, markers, header }: HospitalDetailViewProps) {
  const { t } = useTranslation('hospital-tasks');
  const hasMarkers = changedFields(view).length > 0;
  const isAddHospital = view.taskType === TASK_TYPE.ADD_HOSPITAL.code;
  return (
    <DetailDictionaryProvider>
      <PersonalDataProvider target={revealTarget(view)}>
        <FieldChangesProvider source={view}>
          <Flex vertical gap={16}>
            {header}
            {hasMarkers && (
              <Alert
                type="info"
                showIcon
                title={markers === 'task' ? t('detail.markersTask') : t('detail.markersRecord')}
              />
            )}
            <ProviderSummaryCard view={view} />
            <BasicInfoCard view={view} />
            <BankInfoCard view={view} />
            <LocationCard view={view} />
            <ContactCard view={view} />
            <ServiceTimeCard view={view} />
            {view.photoList.length > 0 && <PhotoGalleryCard view={view} />}
            <RemarksCard notesC={view.notesC} notesE={view.notesE} />
            {showChangeInfo(view) && <ChangeInfoCard view={view} />}
            {view.auditFlows.length > 0 && <AuditFlowCard flows={view.auditFlows} />}
            {!isAddHospital && view.providerId && <HospitalNotesCard providerId={view.providerId} />}
          </Flex>
        </FieldChangesProvider>
      </PersonalDataProvider>
    </DetailDictionaryProvider>
  );
}
