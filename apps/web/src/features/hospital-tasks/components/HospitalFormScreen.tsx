import { canAudit, EDITABLE_STATUSES } from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS, TASK_TYPE } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import type { TBilingual } from '@portal/domain/i18n/bilingual';
import { Alert, Button, Flex, Form, Modal, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditFlowCard } from '../../../components/change-tasks/AuditFlowCard.tsx';
import { statusColor, statusLabel, taskTypeLabel } from '../../../components/change-tasks/task-statuses.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useBackToTop } from '../../../shell/use-back-to-top.ts';
import {
  blankValues,
  canSaveDraft,
  EMPTY_AUDIT_VALUES,
  isAuditRoute,
  showsAttachments,
  showsProviderNotes,
  type TAuditValues,
  type TFormErrors,
  type THospitalFormRoute,
  valuesFromView,
} from '../hospital-form-model.ts';
import { type TTaskMeta, useHospitalFormActions } from '../use-hospital-form-actions.ts';
import {
  HospitalFormContext,
  type THospitalFormContext,
  useHospitalFormState,
} from '../use-hospital-form-state.ts';
import { AddressSection } from './AddressSection.tsx';
import { AuditResultSection } from './AuditResultSection.tsx';
import { BankInfoSection } from './BankInfoSection.tsx';
import { BasicInfoSection } from './BasicInfoSection.tsx';
import { ContactEditor } from './ContactEditor.tsx';
import { HospitalDetailView } from './detail/HospitalDetailView.tsx';
import { AttachmentsSection, PhotosSection } from './FilesSections.tsx';
import { ProviderNotesSection } from './ProviderNotesSection.tsx';
import { RemarksSection } from './RemarksSection.tsx';
import { ServiceTimeEditor } from './ServiceTimeEditor.tsx';
import './hospital-form.css';

/** The back-to-top button shows after 180 px on the hospital form (spec section 2). */
export const FORM_BACK_TO_TOP_PX = 180;

/** Scrolls to the first field with a message and puts the focus in it. */
export function scrollToFirstError(root: HTMLElement | null): void {
  const target = root?.querySelector<HTMLElement>('.ant-form-item-has-error');
  if (!target) return;
  target.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  target
    .querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), button:not([disabled])')
    ?.focus({
      preventScroll: true,
    });
}

export interface HospitalFormScreenProps {
  route: THospitalFormRoute;
  /** The task or record to edit; null starts a blank form for `providerId`. */
  view: THospitalTaskView | null;
  providerId: string;
  /** taskType from the route's query (the audit route's). */
  taskTypeParam?: string;
  /** Why a change cannot start now (modifyHosp's checkEdit), shown above the form. */
  blockedReason?: string | null;
  /** A new draft got its task number (the page puts it in the address). */
  onTaskCreated?: (taskNo: string) => void;
}

function initialTaskType(route: THospitalFormRoute, view: THospitalTaskView | null, param?: string): string {
  if (route === 'modifyHosp') return TASK_TYPE.UPDATE_HOSPITAL.code;
  return view?.taskType || param || TASK_TYPE.ADD_HOSPITAL.code;
}

/** The hospital form (spec section 2): every section in order, the footer, the 'notice' dialog. */
export function HospitalFormScreen({
  route,
  view,
  providerId,
  taskTypeParam,
  blockedReason,
  onTaskCreated,
}: HospitalFormScreenProps) {
  const { t } = useTranslation('hospital-tasks');
  const language = useLanguage();
  const initial = useMemo(() => (view ? valuesFromView(view) : blankValues(providerId)), [view, providerId]);
  const state = useHospitalFormState(initial);
  const [meta, setMeta] = useState<TTaskMeta>(() => ({
    taskNo: view?.taskNo ?? '',
    taskType: initialTaskType(route, view, taskTypeParam),
    version: view?.version ?? null,
  }));
  const [audit, setAudit] = useState<TAuditValues>(EMPTY_AUDIT_VALUES);
  const [auditErrors, setAuditErrors] = useState<TFormErrors>({});
  const [scrollTick, setScrollTick] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  useBackToTop(FORM_BACK_TO_TOP_PX, { inBar: true });

  // A language change clears the audit section's messages too.
  const firstLanguage = useRef(language);
  useEffect(() => {
    if (firstLanguage.current === language) return;
    firstLanguage.current = language;
    setAuditErrors({});
  }, [language]);

  useEffect(() => {
    if (scrollTick > 0) scrollToFirstError(root.current);
  }, [scrollTick]);

  // The page learns of a new draft's number after it is shown, not while this form renders
  // (calling the page from the state updater set the page's state during this render).
  const announcedTaskNo = useRef(meta.taskNo);
  useEffect(() => {
    if (announcedTaskNo.current || !meta.taskNo) return;
    announcedTaskNo.current = meta.taskNo;
    onTaskCreated?.(meta.taskNo);
  }, [meta.taskNo, onTaskCreated]);
  const onScrollToError = useCallback(() => setScrollTick((n) => n + 1), []);

  const audit_ = isAuditRoute(route);
  const actions = useHospitalFormActions({
    route,
    state,
    meta,
    onMetaChange: setMeta,
    audit,
    onAuditErrors: setAuditErrors,
    onScrollToError,
  });

  const text = useCallback((m: TBilingual) => (language === 'en' ? m.en || m.zh : m.zh || m.en), [language]);
  const context = useMemo<THospitalFormContext>(
    () => ({ ...state, route, taskType: meta.taskType, language, text }),
    [state, route, meta.taskType, language, text],
  );

  const status = view?.status ?? null;
  const notEditable = route === 'modifyTask' && status !== null && !EDITABLE_STATUSES.includes(status);
  const auditable = !audit_ || status === null || canAudit(status);
  const actionsBlocked = Boolean(blockedReason) || notEditable || !auditable;
  const flows = view?.auditFlows ?? [];
  const returned = status === HOSPITAL_TASK_STATUS.REJECTED.code && Boolean(view?.returnReason);

  const header: ReactNode = (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }} id="hospital-form-title">
          {t(`form.titles.${route}`)}
        </Typography.Title>
        {meta.taskNo && <Tag>{t('form.header.taskNo', { taskNo: meta.taskNo })}</Tag>}
        {(route === 'modifyTask' || route === 'auditHosp') && (
          <Tag color="blue">{taskTypeLabel(meta.taskType, language)}</Tag>
        )}
        {status && <Tag color={statusColor(status)}>{statusLabel(status, language)}</Tag>}
      </Flex>
      {returned && (
        <Alert type="warning" showIcon title={t('form.header.returned')} description={view?.returnReason} />
      )}
      {blockedReason && (
        <Alert type="error" showIcon title={t('form.header.blocked')} description={blockedReason} />
      )}
      {notEditable && <Alert type="warning" showIcon title={t('form.header.notEditable')} />}
      {!auditable && <Alert type="warning" showIcon title={t('form.header.notAuditable')} />}
    </Flex>
  );

  return (
    <HospitalFormContext.Provider value={context}>
      <section className="hospital-form" aria-labelledby="hospital-form-title" ref={root}>
        {header}
        {audit_ && view ? (
          // The auditor reads the task as text, with its changes marked, then decides.
          <Flex vertical gap={16}>
            <HospitalDetailView view={view} markers="task" />
            <Form layout="vertical" component="div" className="hospital-form-body">
              <AuditResultSection value={audit} onChange={setAudit} errors={auditErrors} />
            </Form>
          </Flex>
        ) : (
          <Form layout="vertical" component="div" className="hospital-form-body">
            <BasicInfoSection />
            <BankInfoSection />
            <AddressSection />
            <ContactEditor />
            <ServiceTimeEditor />
            <PhotosSection />
            <RemarksSection />
            {showsProviderNotes(route, meta.taskType) && (
              <ProviderNotesSection providerId={state.values.providerId} />
            )}
            {showsAttachments(meta.taskType) && <AttachmentsSection />}
            {flows.length > 0 && (
              <AuditFlowCard
                flows={flows}
                title={t('form.sections.operationLog')}
                id="hospital-form-section-log"
                className="hospital-form-section"
              />
            )}
          </Form>
        )}
        <div className="hospital-form-footer" role="toolbar" aria-label={t('form.actions.toolbar')}>
          {canSaveDraft(route) && (
            <Button
              onClick={() => void actions.save()}
              loading={actions.busy === 'save'}
              disabled={actionsBlocked || actions.busy !== null}
            >
              {t('form.actions.save')}
            </Button>
          )}
          <Button onClick={actions.cancel} disabled={actions.busy !== null}>
            {t('form.actions.cancel')}
          </Button>
          <Button
            type="primary"
            onClick={() => void actions.submit()}
            loading={actions.busy === 'submit'}
            disabled={actionsBlocked || actions.busy !== null}
          >
            {t('form.actions.submit')}
          </Button>
        </div>
      </section>
      <Modal
        open={actions.notice.open}
        title={t('form.notice.title')}
        onCancel={actions.notice.close}
        closable
        mask={{ closable: false }}
        footer={[
          <Button key="no" onClick={actions.notice.no}>
            {t('form.notice.no')}
          </Button>,
          <Button key="yes" type="primary" onClick={() => void actions.notice.yes()}>
            {t('form.notice.yes')}
          </Button>,
        ]}
      >
        {t('form.notice.content')}
      </Modal>
    </HospitalFormContext.Provider>
  );
}
