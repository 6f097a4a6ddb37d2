import { formatMoney } from '@portal/domain/members/benefits';
import { PREAUTH_STATUS, type TPreauthListRow, type TPreauthStatus } from '@portal/domain/preauth/rules';
import { Button, Card, Empty, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MaskedValue } from '../../../components/personal-data/personal-data.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { downloadCaseList } from '../api/downloads.ts';
import { type TPreauthArea, usePreauthList } from '../api/preauth-list.ts';
import { PreauthStatusTag } from '../components.tsx';

/** Where a case's detail opens: the provider's /advance/detail or the operator's audit detail. */
export const detailPath = (area: TPreauthArea, id: string) =>
  area === 'case' ? `/advance/detail?id=${id}` : `/preauthAudit/detail?id=${id}`;

/** Where a case's conversation opens: the provider's /advance/message or the operator's. */
export const messagePath = (area: TPreauthArea, id: string) =>
  area === 'case' ? `/advance/message?id=${id}` : `/preauthAudit/message?id=${id}`;

/** The list of cases: the provider's own (area case) or every case to audit (area audit). */
export function PreauthListPage({ area = 'case' }: { area?: TPreauthArea }) {
  const { t, i18n } = useTranslation('preauth');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const { has } = usePermission();
  const [body, setBody] = useState<{
    current: number;
    size: number;
    model: { status: TPreauthStatus[]; caseNo?: string; member?: string };
  }>({
    current: 1,
    size: 10,
    model: { status: area === 'audit' ? ['02'] : [] },
  });
  const list = usePreauthList(area, body);
  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      await downloadCaseList(area, body.model);
    } catch {
      // the http client has shown the server's message
    } finally {
      setExporting(false);
    }
  };
  const [form] = Form.useForm<{ status: TPreauthStatus[]; caseNo?: string; member?: string }>();

  return (
    <Card title={t(area === 'case' ? 'list.title' : 'list.auditTitle')}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ status: body.model?.status ?? [] }}
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: { status: v.status ?? [], caseNo: v.caseNo, member: v.member },
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('list.allStatuses')}
            options={Object.values(PREAUTH_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="caseNo" label={t('fields.caseNo')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="member" label={t('fields.member')}>
          <Input allowClear placeholder={t('list.memberPlaceholder')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button loading={exporting} onClick={() => void exportList()}>
            {t('list.export')}
          </Button>
          {area === 'case' && has('preauth:case:edit') && (
            <Button onClick={() => navigate('/advance/preAuthCreateNew')}>{t('list.create')}</Button>
          )}
        </Space>
      </Form>
      <Table<TPreauthListRow>
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
            render: (no: string, c) => (
              <Space size={4}>
                <Link to={detailPath(area, c.id)}>{no}</Link>
                {c.unreadMessages > 0 && (
                  <Link to={messagePath(area, c.id)}>
                    <Tag color="orange">{t('list.unreadMessages', { count: c.unreadMessages })}</Tag>
                  </Link>
                )}
              </Space>
            ),
          },
          { title: t('fields.status'), render: (_, c) => <PreauthStatusTag status={c.status} lang={lang} /> },
          {
            title: t('fields.memberName'),
            // Masked in the list (decision 0020); the detail reveals it, logged.
            render: (_, c) => (
              <MaskedValue
                field="memberName"
                kind="name"
                value={pickLanguage(c.memberName, c.memberNameEn)}
              />
            ),
          },
          ...(area === 'audit'
            ? [
                {
                  title: t('fields.provider'),
                  render: (_: unknown, c: TPreauthListRow) =>
                    pickLanguage(c.providerCnName, c.providerEnName),
                },
              ]
            : []),
          { title: t('fields.visitDate'), dataIndex: 'visitDate' },
          { title: t('fields.coverageCode'), dataIndex: 'coverageCode' },
          {
            title: t('fields.estimatedCost'),
            align: 'right' as const,
            render: (_, c) => `${c.currency} ${formatMoney(c.estimatedCost)}`,
          },
          {
            title: t('fields.approvedAmount'),
            align: 'right' as const,
            render: (_, c) => (c.approvedAmount ? `${c.currency} ${formatMoney(c.approvedAmount)}` : '-'),
          },
          { title: t('fields.createTime'), dataIndex: 'createTime' },
        ]}
      />
    </Card>
  );
}

export function PreauthAuditListPage() {
  return <PreauthListPage area="audit" />;
}
