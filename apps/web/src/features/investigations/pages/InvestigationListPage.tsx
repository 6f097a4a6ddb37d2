import {
  INVESTIGATION_STATUS,
  type TInvestigation,
  type TInvestigationStatus,
} from '@portal/domain/investigations/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { Button, Card, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { useInvestigationList } from '../api/investigations.ts';
import {
  CountdownTag,
  detailPath,
  InvestigationStatusTag,
  typeName,
  useInvestigationArea,
  useLang,
} from '../components.tsx';

type TFilter = { status: TInvestigationStatus[]; caseNo?: string; batchNo?: string; member?: string };

/**
 * /medical/record: the claim investigations, the provider's own (starting on those in progress,
 * the ones waiting for its answer) or every one for operators, with their countdown.
 */
export function InvestigationListPage() {
  const { t } = useTranslation('investigations');
  const lang = useLang();
  const area = useInvestigationArea();
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 10,
    model: { status: ['01'] },
  });
  const list = useInvestigationList(area, body);
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  return (
    <Card title={t('list.title')}>
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: { status: v.status ?? [], caseNo: v.caseNo, batchNo: v.batchNo, member: v.member },
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('list.allStatuses')}
            options={Object.values(INVESTIGATION_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="caseNo" label={t('fields.caseNo')}>
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
        <Table<TInvestigation>
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
              title: t('fields.caseNo'),
              dataIndex: 'caseNo',
              render: (no: string, c) => <Link to={detailPath(c.id)}>{no}</Link>,
            },
            { title: t('fields.status'), render: (_, c) => <InvestigationStatusTag status={c.status} /> },
            { title: t('fields.countdown'), render: (_, c) => <CountdownTag c={c} /> },
            { title: t('fields.lastUploadDay'), dataIndex: 'lastUploadDay' },
            ...(area === 'audit'
              ? [
                  {
                    title: t('fields.provider'),
                    render: (_: unknown, c: TInvestigation) =>
                      pickLanguage(c.providerCnName, c.providerEnName),
                  },
                ]
              : []),
            {
              title: t('fields.claimLine'),
              render: (_, c) => t('detail.lineOf', { batchNo: c.batchNo, row: c.rowNo }),
            },
            {
              title: t('fields.member'),
              render: (_, c) => (
                <MemberNameCell memberId={c.memberId} name={c.memberName} nameEn={c.memberNameEn} />
              ),
            },
            {
              title: t('fields.item'),
              render: (_, c) => (
                <Space size={4}>
                  {c.itemName}
                  <span>
                    {c.currency} {formatMoney(c.amount)}
                  </span>
                </Space>
              ),
            },
            { title: t('fields.type'), render: (_, c) => typeName(c.type, lang) },
            { title: t('fields.replyCount'), dataIndex: 'replyCount', align: 'right' as const },
            { title: t('fields.openedOn'), dataIndex: 'openedOn' },
          ]}
        />
      </div>
    </Card>
  );
}
