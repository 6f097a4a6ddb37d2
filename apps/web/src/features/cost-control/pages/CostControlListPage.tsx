import {
  COST_CONTROL_STATUS,
  canCostControl,
  type TCostControlStatus,
  type TCostMeasure,
} from '@portal/domain/cost-control/rules';
import { Button, Card, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { generateId, useCostList } from '../api/cost-control.ts';
import { CostStatusTag, costPaths, periodText, useCostArea, useLang } from '../components.tsx';

type TFilter = { status: TCostControlStatus[]; measureNo?: string; provider?: string };

/**
 * /claim/control/list: the cost-control measures: every one with 'New proposal' for operators,
 * the provider's own (starting on those awaiting its answer) for provider staff.
 */
export function CostControlListPage() {
  const { t } = useTranslation('cost-control');
  const lang = useLang();
  const area = useCostArea();
  const navigate = useNavigate();
  const { has } = usePermission();
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 10,
    model: { status: area === 'case' ? ['01'] : [] },
  });
  const list = useCostList(area, body);
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  const [creating, setCreating] = useState(false);
  const create = async () => {
    setCreating(true);
    try {
      navigate(costPaths.process(await generateId()));
    } finally {
      setCreating(false);
    }
  };
  const mayPropose = area === 'audit' && has('claim:controlAudit:edit');
  const mayAnswer = area === 'case' && has('claim:control:answer');
  return (
    <Card title={t('list.title')}>
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: { status: v.status ?? [], measureNo: v.measureNo, provider: v.provider },
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
            options={Object.values(COST_CONTROL_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="measureNo" label={t('fields.measureNo')}>
          <Input allowClear />
        </Form.Item>
        {area === 'audit' && (
          <Form.Item name="provider" label={t('fields.provider')}>
            <Input allowClear placeholder={t('list.providerPlaceholder')} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          {mayPropose && (
            <Button loading={creating} onClick={() => void create()}>
              {t('list.create')}
            </Button>
          )}
        </Space>
      </Form>
      <div ref={tableRegion}>
        <Table<TCostMeasure>
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
              title: t('fields.measureNo'),
              dataIndex: 'measureNo',
              render: (no: string, m) => <Link to={costPaths.detail(m.id)}>{no}</Link>,
            },
            { title: t('fields.status'), render: (_, m) => <CostStatusTag status={m.status} /> },
            ...(area === 'audit'
              ? [
                  {
                    title: t('fields.provider'),
                    render: (_: unknown, m: TCostMeasure) =>
                      `${m.providerId} ${pickLanguage(m.providerCnName, m.providerEnName)}`,
                  },
                ]
              : []),
            { title: t('fields.proportion'), align: 'right' as const, render: (_, m) => `${m.proportion}%` },
            { title: t('fields.period'), render: (_, m) => periodText(m) },
            { title: t('fields.round'), dataIndex: 'round', align: 'right' as const },
            { title: t('fields.proposeTime'), dataIndex: 'proposeTime' },
            {
              title: t('list.actions'),
              render: (_, m) => {
                if (mayPropose && canCostControl('revise', m.status))
                  return <Link to={costPaths.process(m.id)}>{t('list.proposeAgain')}</Link>;
                if (mayAnswer && canCostControl('accept', m.status))
                  return <Link to={costPaths.process(m.id)}>{t('list.answer')}</Link>;
                return <Link to={costPaths.detail(m.id)}>{t('list.view')}</Link>;
              },
            },
          ]}
        />
      </div>
    </Card>
  );
}
