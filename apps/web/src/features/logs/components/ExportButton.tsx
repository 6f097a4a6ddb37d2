import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { type TLogExport, useExportLog } from '../api/export-log.ts';

/** Exports a log's current filter as .xlsx; a refusal shows its message. */
export function ExportButton({
  log,
  params,
}: {
  log: TLogExport;
  params: Record<string, string | undefined>;
}) {
  const { t } = useTranslation('logs');
  const mutation = useExportLog();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(
          { log, params },
          {
            onError: (error) => {
              if (!(error instanceof ApiError && error.notified)) feedback.error(errorMessage(error));
            },
          },
        )
      }
    >
      {t('export')}
    </Button>
  );
}
