import { QuestionCircleOutlined } from '@ant-design/icons';
import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { Button, Card, Flex, Popover, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { useProviderNotes } from '../api/page-provider-notes.ts';

/** Page sizes of the notes table (spec section 9); 10 by default. */
export const NOTES_PAGE_SIZES = [10, 20, 30, 50] as const;

/**
 * The provider notes the insurer keeps about this hospital: a paged table, read-only here, with
 * a help popover saying how to have them changed.
 */
export function ProviderNotesSection({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation('hospital-tasks');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const [page, setPage] = useState({ current: 1, size: 10 });
  const notes = useProviderNotes({ providerId, current: page.current, size: page.size });
  const records = notes.data?.records ?? [];
  return (
    <Card
      id="hospital-form-section-notes"
      className="hospital-form-section"
      title={
        <Flex gap={6} align="center">
          {t('form.sections.providerNotes')}
          <Popover
            content={<div style={{ maxWidth: 320 }}>{t('form.notes.help')}</div>}
            trigger={['hover', 'click']}
          >
            <Button
              type="text"
              size="small"
              icon={<QuestionCircleOutlined aria-hidden />}
              aria-label={t('form.notes.helpLabel')}
            />
          </Popover>
        </Flex>
      }
    >
      <Table<TProviderNote>
        size="small"
        rowKey="id"
        loading={notes.isFetching}
        dataSource={records}
        pagination={false}
        locale={{ emptyText: t('form.notes.empty') }}
        columns={[
          {
            title: t('form.notes.index'),
            key: 'index',
            width: 64,
            render: (_v, _r, i) => (page.current - 1) * page.size + i + 1,
          },
          { title: t('form.notes.notesC'), dataIndex: 'notesC' },
          { title: t('form.notes.notesE'), dataIndex: 'notesE' },
          {
            title: t('form.notes.author'),
            key: 'author',
            width: 140,
            render: (_v, r) =>
              en ? r.createdByNameEn || r.createdByName : r.createdByName || r.createdByNameEn,
          },
          {
            title: t('form.notes.updatedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
          },
        ]}
      />
      {(notes.data?.total ?? 0) > 0 && (
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Pager
            current={page.current}
            pageSize={page.size}
            total={notes.data?.total ?? 0}
            pageSizes={NOTES_PAGE_SIZES}
            onChange={(current, size) => setPage({ current, size })}
          />
        </Flex>
      )}
    </Card>
  );
}
