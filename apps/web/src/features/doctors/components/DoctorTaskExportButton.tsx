import { DownloadOutlined } from '@ant-design/icons';
import type { TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import { App, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { DOCTOR_TASK_EXPORT_PERMISSION, useExportDoctorTasks } from '../api/export-doctor-tasks.ts';

/**
 * The audit list's export of its doctor tasks with the filter the list shows (.xlsx); only with
 * drsystem:doctorTaskMsh:export. Errors are shown by the http client.
 */
export function DoctorTaskExportButton({ filter }: { filter: Partial<TAuditTaskFilter> }) {
  const { t } = useTranslation('doctors');
  const { message } = App.useApp();
  const permission = usePermission();
  const exporting = useExportDoctorTasks();
  if (!permission.has(DOCTOR_TASK_EXPORT_PERMISSION)) return null;
  const run = async () => {
    const { fileName } = await exporting.mutateAsync(filter);
    message.success(t('export.done', { fileName }));
  };
  return (
    <Tooltip title={t('export.doctorTasksHint')}>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={exporting.isPending}
        onClick={() => void run().catch(() => undefined)}
      >
        {t('export.doctorTasks')}
      </Button>
    </Tooltip>
  );
}
