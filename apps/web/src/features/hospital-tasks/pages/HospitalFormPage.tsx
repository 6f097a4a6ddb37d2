import { Result, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useRouteHandle } from '../../../shell/use-route-handle.ts';
import { useAuditDetail } from '../api/audit-detail.ts';
import { useCheckEdit } from '../api/check-edit.ts';
import { useEditDetail } from '../api/get-edit-detail.ts';
import { HospitalFormScreen } from '../components/HospitalFormScreen.tsx';
import { hospitalFormRouteOf, type THospitalFormRoute } from '../hospital-form-model.ts';
import { AUDIT_LIST_PATH, TASK_LIST_PATH } from '../hospital-paths.ts';

/**
 * The one hospital form screen behind /drsystem/management/hosp/create, /hosp/modify,
 * /task/modify and /hosp/audit (routes createHosp, modifyHosp, modifyTask, auditHosp). The route
 * is told by the route's name, else by its path; the query says which task or provider.
 */
export function HospitalFormPage() {
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const route = hospitalFormRouteOf(handle?.name, pathname);
  const taskNo = params.get('taskNo') ?? '';
  const providerIdParam = params.get('providerId') ?? '';
  const taskType = params.get('taskType') ?? '';
  const [adopted, setAdopted] = useState<{ taskNo: string; key: string } | null>(null);

  const sourceKey = `${route}|${taskNo}|${providerIdParam}`;
  // A draft saved here gets its task number into the address without reloading the form.
  const key = adopted && adopted.taskNo === taskNo ? adopted.key : sourceKey;
  const onTaskCreated = useCallback(
    (created: string) => {
      setAdopted({ taskNo: created, key: sourceKey });
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('taskNo', created);
          return next;
        },
        { replace: true },
      );
    },
    [sourceKey, setParams],
  );

  return (
    <HospitalFormLoader
      key={key}
      route={route}
      taskNo={taskNo}
      providerIdParam={providerIdParam}
      taskType={taskType}
      onTaskCreated={onTaskCreated}
    />
  );
}

interface LoaderProps {
  route: THospitalFormRoute;
  taskNo: string;
  providerIdParam: string;
  taskType: string;
  onTaskCreated: (taskNo: string) => void;
}

/** Loads what the route edits (once: the source is fixed when the form opens). */
function HospitalFormLoader({ route, taskNo, providerIdParam, taskType, onTaskCreated }: LoaderProps) {
  const { t } = useTranslation('hospital-tasks');
  const ownProvider = useSessionStore((s) => s.user?.providerId ?? '');
  const [source] = useState(() => ({ taskNo, providerId: providerIdParam || ownProvider }));
  const blank = route === 'createHosp' && !source.taskNo;
  const needsTask = route === 'modifyTask' || route === 'auditHosp';

  const edit = useEditDetail(
    route === 'modifyHosp' ? { providerId: source.providerId } : { taskNo: source.taskNo },
    !blank &&
      route !== 'auditHosp' &&
      (route !== 'modifyHosp' || source.providerId !== '') &&
      (!needsTask || source.taskNo !== ''),
  );
  const auditDetail = useAuditDetail(source.taskNo, route === 'auditHosp');
  const check = useCheckEdit(source.providerId, route === 'modifyHosp');

  if ((needsTask && !source.taskNo) || ((blank || route === 'modifyHosp') && !source.providerId)) {
    return <Result status="warning" title={t(needsTask ? 'form.load.noTask' : 'form.load.noProvider')} />;
  }
  if (blank) {
    return (
      <HospitalFormScreen
        route={route}
        view={null}
        providerId={source.providerId}
        onTaskCreated={onTaskCreated}
      />
    );
  }
  const query = route === 'auditHosp' ? auditDetail : edit;
  if (query.isPending) {
    return (
      <div style={{ padding: 64, textAlign: 'center' }}>
        <Spin aria-label={t('form.loading')} />
      </div>
    );
  }
  if (query.isError) {
    const audit = route === 'auditHosp';
    return (
      <LoadFailed
        error={query.error}
        title={t('form.load.failed')}
        onRetry={() => void query.refetch()}
        backTo={audit ? AUDIT_LIST_PATH : TASK_LIST_PATH}
        backLabel={t(audit ? 'detail.backToAuditList' : 'detail.backToList')}
      />
    );
  }
  if (route === 'modifyHosp' && check.isPending) {
    return (
      <div style={{ padding: 64, textAlign: 'center' }}>
        <Spin aria-label={t('form.loading')} />
      </div>
    );
  }
  const blockedReason =
    route === 'modifyHosp' && check.isError
      ? check.error instanceof ApiError
        ? check.error.localizedMessage()
        : t('form.load.failed')
      : null;
  return (
    <HospitalFormScreen
      route={route}
      view={query.data}
      providerId={query.data.providerId}
      taskTypeParam={taskType}
      blockedReason={blockedReason}
      onTaskCreated={onTaskCreated}
    />
  );
}
