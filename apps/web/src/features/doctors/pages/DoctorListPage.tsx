import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { TDoctorListItem } from '@portal/domain/doctors/api';
import { PROFESSIONAL_LEVEL } from '@portal/domain/doctors/codes';
import { CERTIFICATE_NO_PATTERN } from '@portal/domain/doctors/rules';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DepartmentTags } from '../../../components/change-tasks/DepartmentPicker.tsx';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useViewState } from '../../../lib/use-view-state.ts';
import { DOCTOR_EXPORT_PERMISSION, useExportDoctors } from '../api/export-doctors.ts';
import { useDoctorList } from '../api/list-doctors.ts';
import { useMatchDoctor } from '../api/match-doctor.ts';
import { EMPTY_TEXT } from '../components/DoctorFieldValue.tsx';
import { doctorErrorText, isDoctorNotMatched } from '../doctor-errors.ts';
import { doctorCreatePath, doctorDetailPath } from '../doctor-paths.ts';
import { useChangeDoctor } from '../use-change-doctor.ts';

/** 'Doctor not matched' (40085): the server's message and what it offers. */
interface TNotMatched {
  keyword: string;
  text: string;
}

/**
 * The doctors practising at the user's provider: search by certificate number or name; view,
 * change (a new update-doctor task) or create a doctor. A search that matches no doctor says
 * 'Doctor not matched' and offers to create a new-doctor task or to edit the attending doctor.
 * Export saves the list with the current search as .xlsx.
 */
export function DoctorListPage() {
  const { t } = useTranslation('doctors');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useViewState('keyword', '');
  const [page, setPage] = useViewState('page', { current: 1, size: 10 });
  const list = useDoctorList({ ...page, model: { keyword } });
  const match = useMatchDoctor();
  const change = useChangeDoctor();
  const [notMatched, setNotMatched] = useState<TNotMatched | null>(null);
  const { message } = App.useApp();
  const permission = usePermission();
  const exporting = useExportDoctors();

  const exportList = async () => {
    const { fileName } = await exporting.mutateAsync({ keyword });
    message.success(t('export.done', { fileName }));
  };

  const search = async ({ keyword: raw }: { keyword?: string }) => {
    const text = (raw ?? '').trim();
    setNotMatched(null);
    setKeyword(text);
    setPage((p) => ({ ...p, current: 1 }));
    if (!text) return;
    try {
      await match.mutateAsync(
        CERTIFICATE_NO_PATTERN.test(text) && /\d/.test(text) ? { certificateNo: text } : { name: text },
      );
    } catch (error) {
      if (isDoctorNotMatched(error)) setNotMatched({ keyword: text, text: doctorErrorText(error) });
    }
  };

  const columns: TableColumnsType<TDoctorListItem> = [
    {
      title: t('fields.certificateNo'),
      dataIndex: 'certificateNo',
      render: (v: string, d) => (
        <Typography.Link onClick={() => navigate(doctorDetailPath(d.id))}>{v}</Typography.Link>
      ),
    },
    { title: t('list.columns.cnName'), dataIndex: 'cnName', render: (v: string) => v || EMPTY_TEXT },
    { title: t('list.columns.enName'), dataIndex: 'enName', render: (v: string) => v || EMPTY_TEXT },
    {
      title: t('fields.professionalLevel'),
      dataIndex: 'professionalLevel',
      render: (v: string) =>
        Object.values(PROFESSIONAL_LEVEL).find((e) => e.code === v)?.[lang] ?? EMPTY_TEXT,
    },
    {
      title: t('fields.departments'),
      dataIndex: 'departments',
      render: (v: string[]) => (v.length ? <DepartmentTags value={v} /> : EMPTY_TEXT),
    },
    {
      title: t('list.columns.actions'),
      key: 'actions',
      width: 160,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(doctorDetailPath(d.id))}>
            {t('list.view')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={change.checkingId === d.id}
            onClick={() => void change.start(d.id)}
          >
            {t('list.change')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="doctor-list-title">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} id="doctor-list-title" style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Space wrap>
          {permission.has(DOCTOR_EXPORT_PERMISSION) && (
            <Tooltip title={t('list.exportHint')}>
              <Button
                icon={<DownloadOutlined aria-hidden />}
                loading={exporting.isPending}
                onClick={() => void exportList().catch(() => undefined)}
              >
                {t('list.export')}
              </Button>
            </Tooltip>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate(doctorCreatePath())}
          >
            {t('list.create')}
          </Button>
        </Space>
      </Flex>
      <Card>
        <Form
          name="doctorSearch"
          layout="inline"
          role="search"
          initialValues={{ keyword }}
          onFinish={search}
          style={{ marginBottom: 16 }}
        >
          <Form.Item name="keyword" label={t('list.keyword')}>
            <Input
              placeholder={t('list.keywordPlaceholder')}
              allowClear
              style={{ width: 280 }}
              maxLength={100}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={match.isPending}>
              {t('list.search')}
            </Button>
          </Form.Item>
        </Form>
        {notMatched && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('list.notMatched.title')}
            description={notMatched.text}
            action={
              <Space direction="vertical">
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    navigate(
                      doctorCreatePath(
                        CERTIFICATE_NO_PATTERN.test(notMatched.keyword) ? notMatched.keyword : '',
                      ),
                    )
                  }
                >
                  {t('list.notMatched.create')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setNotMatched(null);
                    setKeyword('');
                  }}
                >
                  {t('list.notMatched.edit')}
                </Button>
              </Space>
            }
          />
        )}
        <Table<TDoctorListItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={list.isError ? t('list.loadFailed') : t('list.empty')}
              />
            ),
          }}
        />
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pager
            current={page.current}
            pageSize={page.size}
            total={list.data?.total ?? 0}
            onChange={(current, size) => setPage({ current, size })}
          />
        </Flex>
      </Card>
    </section>
  );
}
