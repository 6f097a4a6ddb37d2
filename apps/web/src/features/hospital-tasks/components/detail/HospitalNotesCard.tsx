import { formatDate } from '@portal/domain/format/format';
import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { Card, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../../components/pager/Pager.tsx';
import { pickLanguage } from '../../../../lib/i18n.ts';
import { useScrollRegion } from '../../../../lib/use-scroll-region.ts';
import { useHospitalNotes } from '../../api/hospital-notes.ts';
import { textOrDash } from './detail-rules.ts';

/** The hospital notes table: 10 a page, sizes 10, 20, 30, 50 (spec section 9). */
export const HOSPITAL_NOTES_PAGE_SIZES = [10, 20, 30, 50] as const;

/** The insurer's notes about the provider, paged (read-only for provider staff). */
export function HospitalNotesCard({ providerId }: { providerId: string }) {
  const { t } = useTranslation('hospital-tasks');
  const tableRegion = useScrollRegion<HTMLDivElement>(t('detail.cards.hospitalNotes'));
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useHospitalNotes({ providerId, ...page });
  const records = query.data?.records ?? [];
  const columns: TableColumnsType<TProviderNote> = [
    {
      title: t('detail.notes.index'),
      key: 'index',
      width: 70,
      render: (_, __, index) => (page.current - 1) * page.size + index + 1,
    },
    { title: t('detail.notes.notesC'), dataIndex: 'notesC', render: textOrDash },
    { title: t('detail.notes.notesE'), dataIndex: 'notesE', render: textOrDash },
    {
      title: t('detail.notes.createdBy'),
      key: 'createdBy',
      width: 140,
      render: (_, note) => textOrDash(pickLanguage(note.createdByName, note.createdByNameEn)),
    },
    {
      title: t('detail.notes.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDate(value, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <Card title={t('detail.cards.hospitalNotes')} className="hospital-detail-card">
      <div ref={tableRegion}>
        <Table<TProviderNote>
          rowKey="id"
          size="small"
          bordered
          loading={query.isFetching}
          columns={columns}
          dataSource={records}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.notes.empty')} />,
          }}
          scroll={{ x: 720 }}
        />
      </div>
      {(query.data?.total ?? 0) > 0 && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Pager
            current={page.current}
            pageSize={page.size}
            total={query.data?.total ?? 0}
            pageSizes={HOSPITAL_NOTES_PAGE_SIZES}
            onChange={(current, size) => setPage({ current, size })}
          />
        </Flex>
      )}
    </Card>
  );
}
