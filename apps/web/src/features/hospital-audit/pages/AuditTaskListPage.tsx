import { formatDate } from '@portal/domain/format/format';
import type { TAuditTaskListItem } from '@portal/domain/hospital-audit/api';
import { AUDIT_LIST_SORTS, type TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import type { TListSort } from '../../../lib/table-sort.ts';
import { useListSort } from '../../../lib/use-list-sort.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useViewState } from '../../../lib/use-view-state.ts';
import { DoctorTaskExportButton } from '../../doctors/components/DoctorTaskExportButton.tsx';
import { isDoctorTask } from '../../doctors/doctor-paths.ts';
import { useDownloadAnnounce } from '../api/download-announce.ts';
import { useInitTask } from '../api/init-task.ts';
import { AUDIT_TASKS_KEY } from '../api/keys.ts';
import { type TAuditListSort, useAuditTasks } from '../api/list-audit-tasks.ts';
import {
  AUDIT_PERMISSIONS,
  AUDIT_STATUS_OPTIONS,
  AUDIT_TASK_TYPES,
  auditDetailPath,
  auditFormPath,
  DEFAULT_AUDIT_STATUSES,
  isAuditable,
  isExportable,
  statusColor,
  statusLabel,
  taskTypeLabel,
} from '../audit-codes.ts';
import { ExportButtons } from '../components/ExportButtons.tsx';
import { useLanguage } from '../use-language.ts';

interface TSearchForm {
  title: string;
  providerId: string;
  taskType: string[];
  status: string[];
  submitDate: [Dayjs | null, Dayjs | null] | null;
  personInCharge: string;
}

const DAY = 'YYYY-MM-DD';
const EMPTY = '-';
/** Newest submit first: the server's default too. */
const DEFAULT_SORT: TListSort<TAuditListSort> = { sort: 'commitDate', order: 'descending' };

const INITIAL: TSearchForm = {
  title: '',
  providerId: '',
  taskType: [],
  status: [...DEFAULT_AUDIT_STATUSES],
  submitDate: null,
  personInCharge: '',
};

function toFilter(values: TSearchForm): Partial<TAuditTaskFilter> {
  const [start, end] = values.submitDate ?? [null, null];
  return {
    title: values.title?.trim() ?? '',
    providerId: values.providerId?.trim() ?? '',
    taskType: values.taskType ?? [],
    status: values.status ?? [],
    sendStartDate: start ? start.format(DAY) : '',
    sendEndDate: end ? end.format(DAY) : '',
    personInCharge: values.personInCharge?.trim() ?? '',
  };
}

/** The search form showing a (restored) filter. */
function fromFilter(filter: Partial<TAuditTaskFilter>): TSearchForm {
  const start = filter.sendStartDate ? dayjs(filter.sendStartDate) : null;
  const end = filter.sendEndDate ? dayjs(filter.sendEndDate) : null;
  return {
    title: filter.title ?? '',
    providerId: filter.providerId ?? '',
    taskType: filter.taskType ?? [],
    status: filter.status ?? [],
    submitDate: start || end ? [start, end] : null,
    personInCharge: filter.personInCharge ?? '',
  };
}

const dateTime = (value: string | null) => formatDate(value, 'YYYY-MM-DD HH:mm');
const dateOnly = (value: string | null) => formatDate(value, DAY);
/** The columns' widths together: the table fits the page at 1440 px (with a scrollbar) and scrolls only below. */
const AUDIT_LIST_WIDTH = 1076;

/** A date with the person below it, in one cell; an empty pair shows the empty mark. */
function dateAndPerson(date: string, person: string) {
  if (!date && !person) return EMPTY;
  return (
    <Flex vertical>
      <span>{date || EMPTY}</span>
      {person && <Typography.Text type="secondary">{person}</Typography.Text>}
    </Flex>
  );
}

/**
 * The operator's hospital audit tasks (route hospitalAudit, /drsystem/management/hospital):
 * every provider's tasks with filters, status tags and paging; Audit takes the task and opens
 * the audit form, View opens the task's audit detail, approved tasks export their
 * announcement; the announcement and newsletter exports, and the export of the listed doctor
 * tasks with the current filter, sit above the list.
 */
export function AuditTaskListPage() {
  const { t } = useTranslation('hospital-audit');
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  const lang = useLanguage();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const permission = usePermission();
  const [form] = Form.useForm<TSearchForm>();
  // Filters and paging survive a reload of the browser tab.
  const [filter, setFilter] = useViewState('filter', () => toFilter(INITIAL));
  const [page, setPage] = useViewState('page', { current: 1, size: 10 });
  const sorting = useListSort(AUDIT_LIST_SORTS, DEFAULT_SORT);
  const [restored] = useState(() => fromFilter(filter));
  const list = useAuditTasks({ ...page, ...sorting.sort, model: filter });
  const take = useInitTask();
  const announce = useDownloadAnnounce();
  const { message } = App.useApp();
  const client = useQueryClient();

  // The frame keeps this page alive while the audit form is open; its effects run again when
  // it shows, so reload then: an approval or return done meanwhile changes the list.
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) void client.invalidateQueries({ queryKey: AUDIT_TASKS_KEY });
    shown.current = true;
  }, [client]);

  const search = (values: TSearchForm) => {
    setFilter(toFilter(values));
    setPage((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    form.setFieldsValue(INITIAL);
    search(INITIAL);
  };

  /** Takes the task (or learns who has it) and opens the audit form. */
  const audit = async (task: TAuditTaskListItem) => {
    const path = auditFormPath(task.taskNo, task.taskType);
    // Doctor tasks are decided on their own audit screen, without taking them first.
    if (isDoctorTask(task.taskType)) {
      navigate(path);
      return;
    }
    const result = await take.mutateAsync({ taskNo: task.taskNo });
    if (result.assigned || !result.personInCharge) {
      navigate(path);
      return;
    }
    modal.confirm({
      title: t('list.takenBy.title'),
      content: t('list.takenBy.content', { taskNo: task.taskNo, name: result.personInCharge }),
      okText: t('list.takenBy.ok'),
      cancelText: t('list.takenBy.cancel'),
      onOk: () => navigate(path),
    });
  };
  const exportTask = async (task: TAuditTaskListItem) => {
    const { fileName } = await announce.mutateAsync({ taskNo: task.taskNo });
    message.success(t('export.done', { fileName }));
  };

  const canAuditTasks = permission.has(AUDIT_PERMISSIONS.approval);
  const canView = permission.has(AUDIT_PERMISSIONS.detail);
  const canExport = permission.has(AUDIT_PERMISSIONS.downloadAnnounce);

  const columns: TableColumnsType<TAuditTaskListItem> = [
    {
      title: t('list.columns.taskNo'),
      dataIndex: 'taskNo',
      ...sorting.column('taskNo'),
      width: 128,
      render: (taskNo: string, task) =>
        canView ? (
          <Typography.Link onClick={() => navigate(auditDetailPath(task.id, task.taskType))}>
            {taskNo}
          </Typography.Link>
        ) : (
          taskNo
        ),
    },
    {
      title: t('list.columns.taskType'),
      dataIndex: 'taskType',
      ...sorting.column('taskType'),
      width: 88,
      render: (type: string) => taskTypeLabel(type, lang),
    },
    {
      title: t('list.columns.providerId'),
      dataIndex: 'providerId',
      ...sorting.column('providerId'),
      width: 100,
    },
    {
      title: t('list.columns.providerName'),
      key: 'providerName',
      width: 120,
      render: (_, task) => pickLanguage(task.providerCnName, task.providerEnName) || EMPTY,
    },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      ...sorting.column('status'),
      width: 92,
      render: (status: string, task) => {
        const tag = <Tag color={statusColor(status)}>{statusLabel(status, lang)}</Tag>;
        return task.returnReason ? (
          <Tooltip title={`${t('list.returnReason')}: ${task.returnReason}`}>{tag}</Tooltip>
        ) : (
          tag
        );
      },
    },
    // Date and person share a column (date above, name below) so that the list fits 1440 px.
    {
      title: t('list.columns.submitted'),
      dataIndex: 'commitDate',
      ...sorting.column('commitDate'),
      width: 128,
      render: (date: string | null, task) =>
        dateAndPerson(dateTime(date), pickLanguage(task.commitName, task.commitNameEn)),
    },
    {
      title: t('list.columns.personInCharge'),
      dataIndex: 'personInCharge',
      width: 88,
      render: (name: string | null) => name || EMPTY,
    },
    {
      title: t('list.columns.audited'),
      dataIndex: 'auditDate',
      ...sorting.column('auditDate'),
      width: 128,
      render: (date: string | null, task) =>
        dateAndPerson(dateTime(date), pickLanguage(task.auditMember, task.auditMemberEn)),
    },
    {
      title: t('list.columns.publicityDate'),
      dataIndex: 'publicityDate',
      ...sorting.column('publicityDate'),
      width: 96,
      render: dateOnly,
    },
    {
      title: t('list.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 108,
      render: (_, task) => (
        <Space size={0} wrap>
          {canAuditTasks && isAuditable(task.status) && (
            <Button
              type="link"
              size="small"
              loading={take.isPending && take.variables?.taskNo === task.taskNo}
              onClick={() => void audit(task).catch(() => list.refetch())}
            >
              {t('list.row.audit')}
            </Button>
          )}
          {canView && (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(auditDetailPath(task.id, task.taskType))}
            >
              {t('list.row.view')}
            </Button>
          )}
          {canExport && isExportable(task.status, task.taskType) && (
            <Button
              type="link"
              size="small"
              loading={announce.isPending && announce.variables?.taskNo === task.taskNo}
              onClick={() => void exportTask(task).catch(() => undefined)}
            >
              {t('list.row.announce')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="hospital-audit-list-title">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={3} id="hospital-audit-list-title" style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Space wrap>
          <ExportButtons />
          <DoctorTaskExportButton filter={filter} />
        </Space>
      </Flex>
      <Typography.Paragraph type="secondary">{t('list.subtitle')}</Typography.Paragraph>
      <Card>
        <Form<TSearchForm>
          form={form}
          name="auditTaskSearch"
          layout="inline"
          role="search"
          initialValues={restored}
          onFinish={search}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          <Form.Item name="title" label={t('list.filter.title')}>
            <Input
              placeholder={t('list.filter.titlePlaceholder')}
              allowClear
              style={{ width: 200 }}
              maxLength={100}
            />
          </Form.Item>
          <Form.Item name="providerId" label={t('list.filter.providerId')}>
            <Input allowClear style={{ width: 120 }} maxLength={32} />
          </Form.Item>
          <Form.Item name="taskType" label={t('list.filter.taskType')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('list.filter.allTypes')}
              style={{ width: 200 }}
              options={AUDIT_TASK_TYPES.map((s) => ({ value: s.code, label: s[lang] }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('list.filter.status')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('list.filter.allStatuses')}
              style={{ width: 220 }}
              options={AUDIT_STATUS_OPTIONS.map((s) => ({ value: s.code, label: s[lang] }))}
            />
          </Form.Item>
          <Form.Item name="submitDate" label={t('list.filter.submitDate')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('list.filter.startDate'), t('list.filter.endDate')]}
            />
          </Form.Item>
          <Form.Item name="personInCharge" label={t('list.filter.personInCharge')}>
            <Input allowClear style={{ width: 140 }} maxLength={100} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('list.actions.search')}
              </Button>
              <Button onClick={reset}>{t('list.actions.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
        <div ref={tableRegion}>
          <Table<TAuditTaskListItem>
            showSorterTooltip={false}
            onChange={(_pagination, _filters, sorter) => {
              sorting.change(sorter);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: AUDIT_LIST_WIDTH }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={list.isError ? t('list.loadFailed') : t('list.empty')}
                />
              ),
            }}
          />
        </div>
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pager
            current={page.current}
            pageSize={page.size}
            total={list.data?.total ?? 0}
            totalCapped={list.data?.totalCapped}
            onChange={(current, size) => setPage({ current, size })}
          />
        </Flex>
      </Card>
    </section>
  );
}
