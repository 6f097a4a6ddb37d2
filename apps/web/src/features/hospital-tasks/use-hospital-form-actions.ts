/**
 * Save, Cancel and Submit of the hospital form (spec section 4 "Hospital form rules"):
 * - Save: validation mode none, then saveCache; 'save success'. A new draft's task number is kept.
 * - Cancel: on a non-audit route with a task number the 'notice' dialog asks whether to save a
 *   draft (Yes saves then leaves, No leaves, closing stays); otherwise it leaves at once.
 * - Submit: the checks of checkSubmit, the scroll to the first message when they fail, then the
 *   route's call (audit: approval, create: commit, modify task: modify, modifyHosp: createCase),
 *   'submit success' and the list the route returns to.
 */
import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { TFieldErrors, TServiceTimeRow } from '@portal/domain/hospital-tasks/rules';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { ApiError } from '../../lib/http.ts';
import { pickLanguage } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useOpenViewsStore } from '../../shell/open-views-store.ts';
import { useApproveTask } from './api/approve-task.ts';
import { useCommitTask } from './api/commit-task.ts';
import { useCreateCase } from './api/create-case.ts';
import { useModifyTask } from './api/modify-task.ts';
import { useSaveCache } from './api/save-cache.ts';
import {
  AFTER_SUBMIT,
  checkSubmit,
  isAuditRoute,
  PHOTO_COUNT_ERROR,
  type TAuditValues,
  type TFormErrors,
  type THospitalFormRoute,
  toFormErrors,
  toPayload,
  validateValues,
} from './hospital-form-model.ts';
import { routePathByName } from './route-paths.ts';
import type { THospitalFormState } from './use-hospital-form-state.ts';

/** What the form knows about the task it edits. */
export interface TTaskMeta {
  taskNo: string;
  taskType: string;
  version: number | null;
}

export interface THospitalFormActionsOptions {
  route: THospitalFormRoute;
  state: THospitalFormState;
  meta: TTaskMeta;
  onMetaChange: (meta: TTaskMeta) => void;
  audit: TAuditValues;
  onAuditErrors: (errors: TFormErrors) => void;
  /** Asks for the scroll to the first message once it has rendered. */
  onScrollToError: () => void;
}

/** Field errors of a failed call (400 with data.fieldErrors), or null. */
function fieldErrorsOf(error: unknown): TFieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { fieldErrors?: TFieldErrors } | null | undefined;
  return data?.fieldErrors && Object.keys(data.fieldErrors).length > 0 ? data.fieldErrors : null;
}

export function useHospitalFormActions(options: THospitalFormActionsOptions) {
  const { route, state, meta, onMetaChange, audit, onAuditErrors, onScrollToError } = options;
  const { t } = useTranslation('hospital-tasks');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const saveCache = useSaveCache();
  const commit = useCommitTask();
  const modify = useModifyTask();
  const createCase = useCreateCase();
  const approve = useApproveTask();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const metaRef = useRef(meta);
  metaRef.current = meta;

  /** Leaves the form: its tab closes, then the target (or the previous page) opens. */
  const leave = useCallback(
    (target?: string) => {
      useOpenViewsStore.getState().delView(pathname);
      if (target) navigate(target);
      else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
      else {
        const list = isAuditRoute(route) ? AFTER_SUBMIT.auditList : AFTER_SUBMIT.taskList;
        navigate(routePathByName(useSessionStore.getState().routes, list.name) ?? list.path);
      }
    },
    [navigate, pathname, route],
  );

  /** Shows a failed call's field errors in place; true when there were some. */
  const showServerErrors = useCallback(
    (error: unknown, serviceTimes: readonly TServiceTimeRow[]): boolean => {
      const fieldErrors = fieldErrorsOf(error);
      if (!fieldErrors) return false;
      const errors = toFormErrors(fieldErrors, serviceTimes);
      const auditPart: TFormErrors = {};
      for (const key of ['auditResult', 'returnReason', 'taskNo'])
        if (errors[key]) auditPart[key] = errors[key];
      onAuditErrors(auditPart);
      state.setErrors(errors);
      onScrollToError();
      return true;
    },
    [state, onAuditErrors, onScrollToError],
  );

  /** Save (validation mode none): true when the draft was saved. */
  const save = useCallback(async (): Promise<boolean> => {
    const values = state.current();
    const errors = validateValues(values, 'none');
    if (Object.keys(errors).length > 0) {
      state.setErrors(errors);
      onScrollToError();
      return false;
    }
    const payload = toPayload(values);
    const { taskNo, taskType, version } = metaRef.current;
    setBusy('save');
    try {
      const ref: THospitalTaskRef = await saveCache.mutateAsync({
        ...payload,
        ...(taskNo ? { taskNo, version: version ?? undefined } : { taskType }),
      });
      onMetaChange({ taskNo: ref.taskNo, taskType: ref.taskType, version: ref.version });
      feedback.success(t('form.messages.saveSuccess'));
      return true;
    } catch (error) {
      showServerErrors(error, payload.serviceTimes as TServiceTimeRow[]);
      return false;
    } finally {
      setBusy(null);
    }
  }, [state, saveCache, onMetaChange, onScrollToError, showServerErrors, t]);

  const submit = useCallback(async (): Promise<boolean> => {
    const values = state.current();
    const audit_ = isAuditRoute(route);
    const check = checkSubmit(values, { audit: audit_, auditValues: audit });
    if (!check.ok) {
      state.setErrors(check.errors);
      if (audit_) onAuditErrors(check.errors);
      if (check.photoCount) feedback.error(pickLanguage(PHOTO_COUNT_ERROR.zh, PHOTO_COUNT_ERROR.en));
      onScrollToError();
      return false;
    }
    state.setErrors({});
    onAuditErrors({});
    const payload = toPayload(values);
    const { taskNo, version } = metaRef.current;
    const withVersion = version === null ? {} : { version };
    setBusy('submit');
    try {
      if (route === 'auditHosp') {
        await approve.mutateAsync({
          taskNo,
          auditResult: audit.auditResult,
          ...(audit.auditResult === '02' ? { returnReason: audit.returnReason.trim() } : {}),
          ...withVersion,
        });
      } else if (route === 'createHosp') {
        await commit.mutateAsync({ ...payload, ...(taskNo ? { taskNo, ...withVersion } : {}) });
      } else if (route === 'modifyTask') {
        await modify.mutateAsync({ ...payload, taskNo, ...withVersion });
      } else {
        await createCase.mutateAsync(payload);
      }
    } catch (error) {
      showServerErrors(error, payload.serviceTimes as TServiceTimeRow[]);
      return false;
    } finally {
      setBusy(null);
    }
    feedback.success(t('form.messages.submitSuccess'));
    const routes = useSessionStore.getState().routes;
    if (route === 'auditHosp') {
      leave(routePathByName(routes, AFTER_SUBMIT.auditList.name) ?? AFTER_SUBMIT.auditList.path);
    } else {
      const list = routePathByName(routes, AFTER_SUBMIT.taskList.name) ?? AFTER_SUBMIT.taskList.path;
      leave(`${list}?save=true`);
    }
    return true;
  }, [
    state,
    route,
    audit,
    approve,
    commit,
    modify,
    createCase,
    leave,
    onAuditErrors,
    onScrollToError,
    showServerErrors,
    t,
  ]);

  /** Cancel: the 'notice' dialog on a non-audit route with a task number, else leave at once. */
  const cancel = useCallback(() => {
    if (!isAuditRoute(route) && metaRef.current.taskNo) setNoticeOpen(true);
    else leave();
  }, [route, leave]);

  const notice = {
    open: noticeOpen,
    /** Yes: save the draft, then leave. */
    yes: async () => {
      setNoticeOpen(false);
      if (await save()) leave();
    },
    /** No: leave without saving. */
    no: () => {
      setNoticeOpen(false);
      leave();
    },
    /** Closing the dialog stays on the form. */
    close: () => setNoticeOpen(false),
  };

  return { save, submit, cancel, notice, busy };
}
