import {
  APPEAL_STATUS,
  hasAppealCriterion,
  type TAppeal,
  type TAppealStatus,
} from '@portal/domain/appeals/rules';
import { ERRORS } from '@portal/domain/errors/catalogue';
import { formatMoney } from '@portal/domain/members/benefits';
import { Button, Card, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { useAppealList } from '../api/appeals.ts';
import { AppealStatusTag, appealPaths, useAppealArea, useLang } from '../components.tsx';

type TFilter = { status: TAppealStatus[]; appealNo?: string; batchNo?: string; member?: string };

/**
 * /claim/appeal/list: the claim appeals, the provider's own or every one for operators; it starts
 * on the ongoing ones (processing, returned). A search needs at least one criterion (spec section 5).
 */
export function AppealListPage() {
  const { t } = useTranslation('appeals');
  const lang = useLang();
  const area = useAppealArea();
  const { has } = usePermission();
  const navigate = useNavigate();
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 10,
    model: { status: ['01', '02'] },
  });
  const list = useAppealList(area, body);
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  const search = (v: TFilter) => {
    const model = { status: v.status ?? [], appealNo: v.appealNo, batchNo: v.batchNo, member: v.member };
    if (!hasAppealCriterion(model)) {
      feedback.error(ERRORS.APPEAL_SEARCH_CONDITION[lang]);
      return;
    }
    setBody({ current: 1, size: body.size, model });
  };
  const open = (a: TAppeal) => {
    if (area === 'audit' && a.status === APPEAL_STATUS.PROCESSING.code) return appealPaths.audit(a.id);
    if (area === 'case' && a.status === APPEAL_STATUS.RETURNED.code) return appealPaths.update(a.id);
    return appealPaths.detail(a.id);
  };
  return (
    <Card
      title={t('list.title')}
      extra={
        area === 'case' &&
        has('claim:appeal:edit') && (
          <Button type="primary" onClick={() => navigate('/claim/appeal/create')}>
            {t('list.new')}
          </Button>
        )
      }
    >
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('list.anyStatus')}
            options={Object.values(APPEAL_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="appealNo" label={t('fields.appealNo')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="batchNo" label={t('fields.batchNo')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="member" label={t('fields.member')}>
          <Input allowClear placeholder={t('list.memberPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('list.search')}
        </Button>
      </Form>
      <div ref={tableRegion}>
        <Table<TAppeal>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: body.current,
            pageSize: body.size,
            total: list.data?.total ?? 0,
            pageSizeOptions: [10, 20, 30, 50],
            showSizeChanger: true,
            onChange: (current, size) => setBody({ ...body, current, size }),
          }}
          columns={[
            {
              title: t('fields.appealNo'),
              dataIndex: 'appealNo',
              render: (no: string, a) => <Link to={open(a)}>{no}</Link>,
            },
            { title: t('fields.status'), render: (_, a) => <AppealStatusTag status={a.status} /> },
            ...(area === 'audit'
              ? [
                  {
                    title: t('fields.provider'),
                    render: (_: unknown, a: TAppeal) => pickLanguage(a.providerCnName, a.providerEnName),
                  },
                ]
              : []),
            {
              title: t('fields.claimLine'),
              render: (_, a) => t('detail.lineOf', { batchNo: a.batchNo, row: a.rowNo }),
            },
            {
              title: t('fields.member'),
              render: (_, a) => (
                <MemberNameCell memberId={a.memberId} name={a.memberName} nameEn={a.memberNameEn} />
              ),
            },
            { title: t('fields.item'), render: (_, a) => a.itemName },
            {
              title: t('fields.amount'),
              align: 'right' as const,
              render: (_, a) => `${a.currency} ${formatMoney(a.amount)}`,
            },
            {
              title: t('fields.approvedAmount'),
              align: 'right' as const,
              render: (_, a) =>
                a.approvedAmount === null ? '-' : `${a.currency} ${formatMoney(a.approvedAmount)}`,
            },
            { title: t('fields.submitted'), dataIndex: 'submitTime' },
            {
              title: t('fields.actions'),
              render: (_, a) => (
                <Space>
                  <Link to={appealPaths.detail(a.id)}>{t('list.view')}</Link>
                </Space>
              ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
