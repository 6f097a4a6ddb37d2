import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import type { THospitalTaskListItem } from '@portal/domain/hospital-tasks/api';
import { TASK_LIST_SORTS } from '@portal/domain/hospital-tasks/rules';
import { useQueryClient } from '@tanstack/react-query';
import {
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
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  statusColor,
  statusLabel,
  TASK_STATUS_OPTIONS,
  taskActions,
  taskTypeLabel,
} from '../../../components/change-tasks/task-statuses.ts';
import { Pager } from '../../../components/pager/Pager.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import type { TListSort } from '../../../lib/table-sort.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useListSort } from '../../../lib/use-list-sort.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useViewState } from '../../../lib/use-view-state.ts';
import { doctorTaskDetailPath, doctorTaskUpdatePath, isDoctorTask } from '../../doctors/doctor-paths.ts';
import { TASK_LIST_KEY } from '../api/keys.ts';
import { type TTaskListFilter, type TTaskListSort, useTaskList } from '../api/list-tasks.ts';
import { isMissingRecord, useProviderDetail } from '../api/provider-detail.ts';
import { EMPTY_TEXT } from '../components/detail/detail-rules.ts';
import { HOSP_CREATE_PATH, taskDetailPath, taskModifyPath } from '../hospital-paths.ts';
import { readTaskSearchStatus, resetTaskSearchStatus, writeTaskSearchStatus } from '../task-search-status.ts';
import { useChangeHospital } from '../use-change-hospital.ts';
import { useTaskActions } from '../use-task-actions.ts';

interface TSearchForm {
  title: string;
  submitDate: [Dayjs | null, Dayjs | null] | null;
  status: string[];
}

const DAY = 'YYYY-MM-DD';

function toFilter(values: TSearchForm): TTaskListFilter {
  const [start, end] = values.submitDate ?? [null, null];
  return {
    title: values.title?.trim() ?? '',
    sendStartDate: start ? start.format(DAY) : '',
    sendEndDate: end ? end.format(DAY) : '',
    status: values.status ?? [],
  };
}

/** The search form showing a (restored) filter. */
function fromFilter(filter: TTaskListFilter): TSearchForm {
  const start = filter.sendStartDate ? dayjs(filter.sendStartDate) : null;
  const end = filter.sendEndDate ? dayjs(filter.sendEndDate) : null;
  return { title: filter.title, submitDate: start || end ? [start, end] : null, status: filter.status };
}

const dateTime = (value: string | null) => formatDate(value, 'YYYY-MM-DD HH:mm');
const dateOnly = (value: string | null) => formatDate(value, DAY);

/** A task's own detail screen: doctor tasks (01, 02) open the doctor task detail. */
const detailOf = (task: THospitalTaskListItem) =>
  isDoctorTask(task.taskType) ? doctorTaskDetailPath(task.id) : taskDetailPath(task.id);
const editOf = (task: THospitalTaskListItem) =>
  isDoctorTask(task.taskType) ? doctorTaskUpdatePath(task.taskNo) : taskModifyPath(task.taskNo);

/** Newest task first (spec section 3: sort id, order descending). */
const DEFAULT_SORT: TListSort<TTaskListSort> = { sort: 'id', order: 'descending' };

/**
 * The provider's hospital tasks (route drmanage-task): search by title, submit dates and
 * status (remembered), view, edit a draft or returned task, withdraw and close after
 * confirmation; create the hospital (no approved record yet) or change it (checkEdit first).
 */
export function TaskListPage() {
  const { t } = useTranslation('hospital-tasks');
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  const lang = useLanguage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const providerId = useSessionStore((s) => s.user?.providerId ?? null);
  const [form] = Form.useForm<TSearchForm>();
  // Filters and paging survive a reload of the browser tab.
  const [filter, setFilter] = useViewState<TTaskListFilter>('filter', () =>
    toFilter({ title: '', submitDate: null, status: readTaskSearchStatus() }),
  );
  const [page, setPage] = useViewState('page', { current: 1, size: 10 });
  const [initial] = useState<TSearchForm>(() => fromFilter(filter));
  const sorting = useListSort(TASK_LIST_SORTS, DEFAULT_SORT);
  const list = useTaskList({ ...page, ...sorting.sort, model: filter });
  const record = useProviderDetail(providerId);
  const actions = useTaskActions();
  const change = useChangeHospital();

  // Arriving with save=true (the form's submit, spec section 2): show the list afresh from
  // page 1, once per arrival. The flag stays in the address as the spec names it; a kept tab
  // shown again (its effects re-run) or a re-render does not reset the paging again.
  const saved = searchParams.get('save') === 'true';
  const handledArrival = useRef<string | null>(null);
  useEffect(() => {
    if (!saved || handledArrival.current === location.key) return;
    handledArrival.current = location.key;
    setPage((p) => ({ ...p, current: 1 }));
    void client.invalidateQueries({ queryKey: TASK_LIST_KEY });
  }, [saved, location.key, client, setPage]);

  const search = (values: TSearchForm) => {
    writeTaskSearchStatus(values.status ?? []);
    const next = toFilter(values);
    // Searching again with the same filter on page 1 still fetches the list afresh.
    if (page.current === 1 && JSON.stringify(next) === JSON.stringify(filter)) void list.refetch();
    else {
      setFilter(next);
      setPage((p) => ({ ...p, current: 1 }));
    }
  };
  const reset = () => {
    const status = resetTaskSearchStatus();
    const values: TSearchForm = { title: '', submitDate: null, status };
    form.setFieldsValue(values);
    setFilter(toFilter(values));
    setPage((p) => ({ ...p, current: 1 }));
  };

  const columns: TableColumnsType<THospitalTaskListItem> = [
    {
      title: t('list.columns.taskNo'),
      dataIndex: 'taskNo',
      ...sorting.column('taskNo'),
      width: 150,
      render: (taskNo: string, task) => (
        <Typography.Link onClick={() => navigate(detailOf(task))}>{taskNo}</Typography.Link>
      ),
    },
    {
      title: t('list.columns.taskType'),
      dataIndex: 'taskType',
      ...sorting.column('taskType'),
      width: 130,
      render: (type: string, task) =>
        isDoctorTask(type) ? (
          <Flex vertical>
            <span>{taskTypeLabel(type, lang)}</span>
            <Typography.Text type="secondary">
              {pickLanguage(task.doctorCnName, task.doctorEnName) || task.certificateNo}
            </Typography.Text>
          </Flex>
        ) : (
          taskTypeLabel(type, lang)
        ),
    },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      ...sorting.column('status'),
      width: 95,
      render: (status: string, task) => {
        const tag = <Tag color={statusColor(status)}>{statusLabel(status, lang)}</Tag>;
        return task.returnReason ? (
          <Tooltip title={`${t('list.returnReason')}: ${task.returnReason}`}>{tag}</Tooltip>
        ) : (
          tag
        );
      },
    },
    {
      title: t('list.columns.commitDate'),
      dataIndex: 'commitDate',
      ...sorting.column('commitDate'),
      width: 135,
      render: dateTime,
    },
    {
      title: t('list.columns.auditDate'),
      dataIndex: 'auditDate',
      ...sorting.column('auditDate'),
      width: 135,
      render: dateTime,
    },
    {
      title: t('list.columns.commitName'),
      key: 'commitName',
      render: (_, task) => pickLanguage(task.commitName, task.commitNameEn) || EMPTY_TEXT,
    },
    {
      title: t('list.columns.auditMember'),
      key: 'auditMember',
      render: (_, task) => pickLanguage(task.auditMember, task.auditMemberEn) || EMPTY_TEXT,
    },
    {
      title: t('list.columns.publicityDate'),
      dataIndex: 'publicityDate',
      ...sorting.column('publicityDate'),
      width: 115,
      render: dateOnly,
    },
    {
      title: t('list.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, task) => {
        const allowed = taskActions(task.status);
        const target = { taskNo: task.taskNo, version: task.version, taskType: task.taskType };
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => navigate(detailOf(task))}>
              {t('list.row.view')}
            </Button>
            {allowed.edit && (
              <Button type="link" size="small" onClick={() => navigate(editOf(task))}>
                {t('list.row.edit')}
              </Button>
            )}
            {allowed.withdraw && (
              <Button type="link" size="small" onClick={() => void actions.confirmWithdraw(target)}>
                {t('list.row.withdraw')}
              </Button>
            )}
            {allowed.close && (
              <Button type="link" size="small" danger onClick={() => void actions.confirmClose(target)}>
                {t('list.row.close')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  const canCreate = Boolean(providerId) && isMissingRecord(record.error);
  const canChange = Boolean(providerId) && record.isSuccess;

  return (
    <section aria-labelledby="hospital-task-list-title">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} id="hospital-task-list-title" style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Space wrap>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate(HOSP_CREATE_PATH)}
            >
              {t('list.actions.create')}
            </Button>
          )}
          {canChange && providerId && (
            <Button
              type="primary"
              icon={<EditOutlined aria-hidden />}
              loading={change.checking}
              onClick={() => void change.start(providerId)}
            >
              {t('list.actions.change')}
            </Button>
          )}
        </Space>
      </Flex>
      <Card>
        <Form<TSearchForm>
          form={form}
          name="taskSearch"
          layout="inline"
          role="search"
          initialValues={initial}
          onFinish={search}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          <Form.Item name="title" label={t('list.filter.title')}>
            <Input
              placeholder={t('list.filter.titlePlaceholder')}
              allowClear
              style={{ width: 220 }}
              maxLength={100}
            />
          </Form.Item>
          <Form.Item name="submitDate" label={t('list.filter.submitDate')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('list.filter.startDate'), t('list.filter.endDate')]}
            />
          </Form.Item>
          <Form.Item name="status" label={t('list.filter.status')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('list.filter.allStatuses')}
              style={{ width: 240 }}
              options={TASK_STATUS_OPTIONS.map((s) => ({ value: s.code, label: s[lang] }))}
            />
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
          <Table<THospitalTaskListItem>
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
            scroll={{ x: 1080 }}
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
