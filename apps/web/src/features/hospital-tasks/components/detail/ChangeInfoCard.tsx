import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { LABELS, type TCompareField } from '@portal/domain/hospital-tasks/rules';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/use-language.ts';
import { attachmentsZipUrl } from '../../api/attachments-zip-url.ts';
import { useDownloadAttachment } from '../../api/download-attachment.ts';
import { changedFields, EMPTY_TEXT, fieldChange } from './detail-rules.ts';
import { FieldValue } from './FieldValue.tsx';
import './detail.css';

interface TChangeRow {
  field: TCompareField;
  hasOldValue: boolean;
  oldValue: unknown;
  newValue: unknown;
}

function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * Change information (shown when a compare result or attachments exist): each changed field
 * with its label and the old and new values, and the attached documents for download.
 */
export function ChangeInfoCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const download = useDownloadAttachment();
  const rows: TChangeRow[] = changedFields(view).map((field) => {
    const change = fieldChange(view, field);
    return { field, hasOldValue: change.hasOldValue, oldValue: change.oldValue, newValue: view[field] };
  });
  const columns: TableColumnsType<TChangeRow> = [
    {
      title: t('detail.change.field'),
      dataIndex: 'field',
      width: 200,
      render: (field: TCompareField) => LABELS[field][lang],
    },
    {
      title: t('detail.change.before'),
      key: 'before',
      render: (_, row) =>
        row.hasOldValue ? <FieldValue field={row.field} value={row.oldValue} /> : EMPTY_TEXT,
    },
    { title: '', key: 'arrow', width: 40, align: 'center', render: () => <span aria-hidden>→</span> },
    {
      title: t('detail.change.after'),
      key: 'after',
      render: (_, row) => <FieldValue field={row.field} value={row.newValue} />,
    },
  ];
  return (
    <Card title={t('detail.cards.change')} className="hospital-detail-card">
      <Flex vertical gap={16}>
        {rows.length > 0 && (
          <Table<TChangeRow>
            rowKey="field"
            size="small"
            bordered
            pagination={false}
            columns={columns}
            dataSource={rows}
            aria-label={t('detail.change.tableLabel')}
          />
        )}
        {view.attacheList.length > 0 && (
          <section aria-label={LABELS.attacheList[lang]}>
            <Flex justify="space-between" align="center">
              <Typography.Text strong>{LABELS.attacheList[lang]}</Typography.Text>
              {view.id && view.attacheList.length > 1 && (
                <Typography.Link href={attachmentsZipUrl(view.id)} download>
                  <DownloadOutlined aria-hidden /> {t('detail.change.downloadAll')}
                </Typography.Link>
              )}
            </Flex>
            <ul className="portal-file-list">
              {view.attacheList.map((file) => (
                <li key={file.id}>
                  <Flex gap={8} align="center">
                    <FileOutlined aria-hidden />
                    <span>{file.name || file.fileName}</span>
                    <Typography.Text type="secondary">{fileSize(file.size)}</Typography.Text>
                  </Flex>
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined aria-hidden />}
                    loading={download.isPending && download.variables?.id === file.id}
                    onClick={() => download.mutate({ id: file.id, name: file.name || file.fileName })}
                    aria-label={t('detail.change.downloadFile', { name: file.name || file.fileName })}
                  >
                    {t('detail.change.download')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Flex>
    </Card>
  );
}
