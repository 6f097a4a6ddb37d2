import { DownloadOutlined } from '@ant-design/icons';
import { sexLabel } from '@portal/domain/format/format';
import { formatMoney } from '@portal/domain/members/benefits';
import {
  coverageLabel,
  RELATIONS,
  type TBenefitUsageLine,
  type TCoverageSummary,
  type TMemberHit,
  type TRider,
  USAGE_STATUS,
} from '@portal/domain/members/rules';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  List,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { downloadBenefitRider, downloadBenefitUsedList } from '../api/benefit-downloads.ts';
import { useBenefitUsed } from '../api/benefit-used.ts';
import { usePolicyDetail } from '../api/policy-detail.ts';
import { useRiders } from '../api/riders.ts';
import { useSpecialRules } from '../api/special-rules.ts';
import { MemberField, MemberName } from './MemberMasked.tsx';

/** The policy, coverages with used, pending and remaining per currency, usage lines, special rules and riders of one member. */
export function PolicyBenefits({ hit }: { hit: TMemberHit }) {
  const { t, i18n } = useTranslation('members');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const ref = { customId: hit.customId, memberId: hit.memberId, grpPlanCode: hit.grpPlanCode };
  const usedBody = {
    currency: '',
    coverage: '',
    employeeID: hit.memberId,
    customID: hit.customId,
    birthday: '',
    insuredName: '',
    providerID: '',
    grpPlanCode: hit.grpPlanCode,
  };
  const detail = usePolicyDetail({ ...ref, hospitalName: '', language: lang, providerId: '' });
  const used = useBenefitUsed(usedBody);
  const rules = useSpecialRules(ref);
  const riders = useRiders(ref);
  const usedFile = useMutation({ mutationFn: () => downloadBenefitUsedList(usedBody) });
  const riderFile = useMutation({ mutationFn: () => downloadBenefitRider(ref) });

  const money = (v: string | null) => (v === null ? t('unlimited') : formatMoney(v));

  if (detail.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (detail.isError)
    return (
      <Card>
        <Result
          status="warning"
          title={t('policyLoadFailed')}
          subTitle={errorMessage(detail.error)}
          extra={<Button onClick={() => void detail.refetch()}>{t('retry')}</Button>}
        />
      </Card>
    );
  const d = detail.data;
  const coverageColumns: TableColumnsType<TCoverageSummary> = [
    {
      key: 'coverage',
      title: t('fields.coverage'),
      render: (_, c) => pickLanguage(c.coverageName, c.coverageNameEn),
    },
    { key: 'currency', title: t('fields.currency'), dataIndex: 'currency' },
    {
      key: 'perVisit',
      title: t('fields.perVisitLimit'),
      align: 'right',
      render: (_, c) => money(c.perVisitLimit),
    },
    { key: 'annual', title: t('fields.annualLimit'), align: 'right', render: (_, c) => money(c.annualLimit) },
    {
      key: 'coPay',
      title: t('fields.coPay'),
      align: 'right',
      render: (_, c) => `${Number(c.coPayPercent)}%`,
    },
    {
      key: 'deductible',
      title: t('fields.deductible'),
      align: 'right',
      render: (_, c) => formatMoney(c.deductible),
    },
    { key: 'used', title: t('fields.used'), align: 'right', render: (_, c) => formatMoney(c.used) },
    { key: 'pending', title: t('fields.pending'), align: 'right', render: (_, c) => formatMoney(c.pending) },
    {
      key: 'remaining',
      title: t('fields.remaining'),
      align: 'right',
      render: (_, c) => <Typography.Text strong>{money(c.remaining)}</Typography.Text>,
    },
    {
      key: 'directBilling',
      title: t('fields.directBilling'),
      render: (_, c) => (c.directBilling ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
  ];
  const lineColumns: TableColumnsType<TBenefitUsageLine> = [
    { key: 'visitDate', title: t('fields.visitDate'), dataIndex: 'visitDate' },
    { key: 'coverage', title: t('fields.coverage'), render: (_, l) => coverageLabel(l.coverageCode)[lang] },
    { key: 'currency', title: t('fields.currency'), dataIndex: 'currency' },
    { key: 'provider', title: t('fields.provider'), render: (_, l) => l.providerId || '-' },
    { key: 'amount', title: t('fields.amount'), align: 'right', render: (_, l) => formatMoney(l.amount) },
    {
      key: 'status',
      title: t('fields.usageStatus'),
      render: (_, l) => (
        <Tag color={l.status === 'pending' ? 'orange' : 'default'}>
          {USAGE_STATUS[l.status as keyof typeof USAGE_STATUS]?.[lang] ?? l.status}
        </Tag>
      ),
    },
    { key: 'remark', title: t('fields.remark'), render: (_, l) => l.remark || '-' },
  ];
  const riderColumns: TableColumnsType<TRider> = [
    { key: 'code', title: t('fields.riderCode'), dataIndex: 'riderCode' },
    { key: 'name', title: t('fields.riderName'), render: (_, r) => pickLanguage(r.name, r.nameEn) },
    {
      key: 'coverage',
      title: t('fields.coverage'),
      render: (_, r) => (r.coverageCode ? coverageLabel(r.coverageCode)[lang] : '-'),
    },
    { key: 'currency', title: t('fields.currency'), dataIndex: 'currency' },
    { key: 'limit', title: t('fields.limit'), align: 'right', render: (_, r) => money(r.limitAmount) },
    { key: 'validity', title: t('fields.validity'), render: (_, r) => `${r.validFrom} ~ ${r.validTo}` },
  ];
  const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

  return (
    <PersonalDataProvider target={{ bizType: 'member', bizId: d.member.memberId }}>
      <Flex vertical gap={16}>
        <Card
          title={t('policyTitle', {
            name: pickLanguage(d.member.name, d.member.nameEn),
            id: d.member.memberId,
          })}
          extra={
            d.inForce ? <Tag color="green">{t('inForce')}</Tag> : <Tag color="red">{t('notInForce')}</Tag>
          }
        >
          {!d.inForce ? (
            <Alert type="warning" showIcon title={t('notInForceHint')} style={{ marginBottom: 16 }} />
          ) : null}
          <Descriptions
            size="small"
            bordered
            column={mobile ? 1 : 3}
            items={[
              {
                key: 'name',
                label: t('fields.name'),
                children: <MemberName name={d.member.name} nameEn={d.member.nameEn} />,
              },
              { key: 'memberId', label: t('fields.memberId'), children: d.member.memberId },
              {
                key: 'relation',
                label: t('fields.relation'),
                children: RELATIONS[d.member.relation as keyof typeof RELATIONS]?.[lang] ?? d.member.relation,
              },
              { key: 'sex', label: t('fields.sex'), children: sexLabel(d.member.sex, lang) },
              {
                key: 'birthday',
                label: t('fields.birthday'),
                children: <MemberField field="birthday" value={d.member.birthday} />,
              },
              {
                key: 'idNumber',
                label: t('fields.idNumber'),
                children: <MemberField field="idNumber" value={d.member.idNumber} />,
              },
              {
                key: 'cardNumber',
                label: t('fields.cardNumber'),
                children: <MemberField field="cardNumber" value={d.member.cardNumber} />,
              },
              {
                key: 'phone',
                label: t('fields.phone'),
                children: <MemberField field="phone" value={d.member.phone} />,
              },
              { key: 'employeeId', label: t('fields.employeeId'), children: d.member.employeeId },
              {
                key: 'customer',
                label: t('fields.customer'),
                children: `${d.customId} ${pickLanguage(d.customerName, d.customerNameEn)}`,
              },
              {
                key: 'plan',
                label: t('fields.plan'),
                children: `${d.grpPlanCode} ${pickLanguage(d.planName, d.planNameEn)}`,
              },
              { key: 'policyNo', label: t('fields.policyNo'), children: d.policyNo },
              { key: 'validity', label: t('fields.validity'), children: `${d.validFrom} ~ ${d.validTo}` },
              {
                key: 'hospital',
                label: t('fields.hospital'),
                children: d.hospitalName || d.providerId || '-',
              },
              {
                key: 'networkDirectBilling',
                label: t('fields.networkDirectBilling'),
                children: d.directBilling ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('maskedHint')}
          </Typography.Paragraph>
        </Card>

        <Card
          title={t('coverageTitle')}
          extra={
            <Button
              icon={<DownloadOutlined />}
              loading={usedFile.isPending}
              onClick={() => usedFile.mutate()}
            >
              {t('downloadUsed')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">
            {t('policyYearHint', { from: d.policyYear.from, to: d.policyYear.to })}
          </Typography.Paragraph>
          <Table<TCoverageSummary>
            rowKey={(c) => `${c.coverageCode}/${c.currency}`}
            size="middle"
            columns={coverageColumns}
            dataSource={d.coverages}
            pagination={false}
            locale={{ emptyText: empty(t('noCoverage')) }}
            scroll={{ x: 1000 }}
            aria-label={t('coverageTitle')}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('usageTitle')}
          </Typography.Title>
          <Table<TBenefitUsageLine>
            rowKey={(l) =>
              `${l.coverageCode}/${l.currency}/${l.visitDate}/${l.sourceType}/${l.amount}/${l.remark}`
            }
            size="small"
            columns={lineColumns}
            dataSource={used.data?.lines ?? []}
            loading={used.isFetching}
            pagination={false}
            locale={{ emptyText: empty(t('noUsage')) }}
            scroll={{ x: 800 }}
          />
        </Card>

        <Card title={t('rulesTitle')} loading={rules.isPending}>
          <List
            dataSource={rules.data ?? []}
            locale={{ emptyText: empty(t('noRules')) }}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Flex gap={8}>
                      <Tag>{r.ruleCode}</Tag>
                      {r.coverageCode ? coverageLabel(r.coverageCode)[lang] : t('wholePolicy')}
                    </Flex>
                  }
                  description={lang === 'en' ? r.enContent || r.content : r.content}
                />
              </List.Item>
            )}
          />
        </Card>

        <Card
          title={t('ridersTitle')}
          extra={
            <Button
              icon={<DownloadOutlined />}
              loading={riderFile.isPending}
              onClick={() => riderFile.mutate()}
            >
              {t('downloadRiders')}
            </Button>
          }
        >
          <Table<TRider>
            rowKey="riderCode"
            size="middle"
            columns={riderColumns}
            dataSource={riders.data ?? []}
            loading={riders.isFetching}
            pagination={false}
            locale={{ emptyText: empty(t('noRiders')) }}
            scroll={{ x: 800 }}
          />
        </Card>
      </Flex>
    </PersonalDataProvider>
  );
}
