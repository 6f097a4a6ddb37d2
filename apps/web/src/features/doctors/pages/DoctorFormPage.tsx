import { App, Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { taskListPath } from '../../hospital-tasks/hospital-paths.ts';
import { useCheckDoctorEdit } from '../api/check-doctor-edit.ts';
import { useDoctorDetail } from '../api/doctor-detail.ts';
import { useDoctorTask } from '../api/doctor-task.ts';
import { type TDoctorSaveTarget, useSaveDoctorTask } from '../api/save-doctor-task.ts';
import { DoctorForm, toFormValues } from '../components/DoctorForm.tsx';
import { doctorErrorText } from '../doctor-errors.ts';
import { DOCTOR_LIST_PATH, doctorTaskUpdatePath } from '../doctor-paths.ts';
import '../components/doctors.css';

type TMode = 'create' | 'update' | 'task';

function modeOf(pathname: string): TMode {
  if (pathname.includes('/task-update/')) return 'task';
  if (pathname.includes('/update/')) return 'update';
  return 'create';
}

/**
 * Doctor Creation (create: a new add-doctor task), update/:id (a new update-doctor task of an
 * approved doctor) and task-update/:id (a draft or returned task, saved again or resubmitted).
 * A draft saved from create or update continues as task-update; a submit returns to the task list.
 */
export function DoctorFormPage() {
  const { t } = useTranslation('doctors');
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const mode = modeOf(pathname);
  const doctor = useDoctorDetail(mode === 'update' ? id : '');
  // An update may not start while the doctor has an unfinished task: ask before showing the form.
  const check = useCheckDoctorEdit(id, mode === 'update');
  const task = useDoctorTask(mode === 'task' ? id : '');
  const save = useSaveDoctorTask();
  const query = mode === 'update' ? doctor : mode === 'task' ? task : null;

  const target: TDoctorSaveTarget =
    mode === 'create'
      ? { kind: 'create' }
      : mode === 'update'
        ? { kind: 'update', doctorId: id }
        : { kind: 'task', key: id };
  const title = t(`form.title.${mode}`);

  const onSave = async (
    form: Parameters<typeof save.mutateAsync>[0]['form'],
    submit: boolean,
    leaving = false,
  ) => {
    const ref = await save.mutateAsync({
      target,
      form,
      submit,
      version: mode === 'task' ? task.data?.version : undefined,
    });
    message.success(t(submit ? 'form.submitted' : 'form.saved'));
    if (submit) navigate(taskListPath({ save: true }));
    else if (mode !== 'task' && !leaving) navigate(doctorTaskUpdatePath(ref.taskNo), { replace: true });
  };

  return (
    <section aria-labelledby="doctor-form-title">
      <Typography.Title level={3} id="doctor-form-title" style={{ marginTop: 0 }}>
        {title}
        {mode === 'task' && task.data ? ` ${task.data.taskNo}` : ''}
      </Typography.Title>
      {mode === 'update' && check.isError ? (
        <Result
          status="warning"
          title={t('form.changeRefusedTitle')}
          subTitle={doctorErrorText(check.error)}
          extra={
            <Button type="primary" onClick={() => navigate(DOCTOR_LIST_PATH)}>
              {t('list.title')}
            </Button>
          }
        />
      ) : query?.isPending || (mode === 'update' && check.isPending) ? (
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : query?.isError ? (
        <LoadFailed
          error={query.error}
          title={t('form.loadFailed')}
          onRetry={() => void query.refetch()}
          backTo={DOCTOR_LIST_PATH}
          backLabel={t('list.title')}
        />
      ) : (
        <DoctorForm
          key={`${pathname}-${task.data?.version ?? ''}`}
          initial={
            mode === 'create'
              ? toFormValues({ certificateNo: search.get('certificateNo') ?? '' }, null)
              : toFormValues((query?.data ?? {}) as object, query?.data?.photoFile ?? null)
          }
          lockCertificate={mode === 'update' || (mode === 'task' && task.data?.taskType === '02')}
          saving={save.isPending}
          onSave={onSave}
          onCancel={() => navigate(-1)}
        />
      )}
    </section>
  );
}
