import { SearchOutlined } from '@ant-design/icons';
import {
  BENEFIT_VIEW,
  POLICY_STATUS,
  RELATIONS,
  type TMemberHit,
  type TMemberSearchBody,
} from '@portal/domain/members/rules';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useMemberSearch } from '../api/member-search.ts';
import { MemberCell, MemberNameCell } from '../components/MemberMasked.tsx';
import { PolicyBenefits } from '../components/PolicyBenefits.tsx';

type TMode = 'name' | 'card';
interface TSearchForm {
  name?: string;
  birthday?: Dayjs | null;
  cardNumber?: string;
}

const hitKey = (h: TMemberHit) => `${h.memberId}|${h.grpPlanCode}|${h.policyNo}`;

/** The members found, one row per policy; choosing one opens its policy and benefits below. */
function MemberResults({
  hits,
  loading,
  searched,
  selected,
  onSelect,
}: {
  hits: TMemberHit[];
  loading: boolean;
  searched: boolean;
  selected: string | null;
  onSelect: (hit: TMemberHit) => void;
}) {
  const { t, i18n } = useTranslation('members');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const columns: TableColumnsType<TMemberHit> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, h) => <MemberNameCell memberId={h.memberId} name={h.name} nameEn={h.nameEn} />,
    },
    { key: 'memberId', title: t('fields.memberId'), dataIndex: 'memberId' },
    {
      key: 'relation',
      title: t('fields.relation'),
      render: (_, h) => RELATIONS[h.relation as keyof typeof RELATIONS]?.[lang] ?? h.relation,
    },
    {
      key: 'birthday',
      title: t('fields.birthday'),
      render: (_, h) => <MemberCell memberId={h.memberId} field="birthday" value={h.birthday} />,
    },
    {
      key: 'cardNumber',
      title: t('fields.cardNumber'),
      render: (_, h) => <MemberCell memberId={h.memberId} field="cardNumber" value={h.cardNumber} />,
    },
    {
      key: 'plan',
      title: t('fields.plan'),
      render: (_, h) => `${h.grpPlanCode} ${pickLanguage(h.planName, h.planNameEn)}`,
    },
    { key: 'validity', title: t('fields.validity'), render: (_, h) => `${h.validFrom} ~ ${h.validTo}` },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, h) =>
        h.inForce ? (
          <Tag color="green">{t('inForce')}</Tag>
        ) : (
          <Tag>{POLICY_STATUS[h.policyStatus as keyof typeof POLICY_STATUS]?.[lang] ?? t('notInForce')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      render: (_, h) => (
        <Button
          type="link"
          onClick={() => onSelect(h)}
          aria-label={t('viewOf', { name: h.name, id: h.memberId })}
        >
          {t('view')}
        </Button>
      ),
    },
  ];
  return (
    <Table<TMemberHit>
      rowKey={hitKey}
      size="middle"
      columns={columns}
      dataSource={hits}
      loading={loading}
      pagination={false}
      rowClassName={(h) => (hitKey(h) === selected ? 'ant-table-row-selected' : '')}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={searched ? t('noMember') : t('searchHint')}
          />
        ),
      }}
      scroll={{ x: mobile ? 900 : undefined }}
    />
  );
}

/** /smartPortal/benefit: provider staff find a member of a plan they serve and read the policy and benefits. */
export function BenefitPage() {
  const { t } = useTranslation('members');
  const allowed = usePermission().has(BENEFIT_VIEW);
  const mobile = useIsMobile();
  const [form] = Form.useForm<TSearchForm>();
  const [mode, setMode] = useState<TMode>('name');
  const [search, setSearch] = useState<TMemberSearchBody | null>(null);
  const [selected, setSelected] = useState<TMemberHit | null>(null);
  const query = useMemberSearch(search);
  const hits = query.data ?? [];

  // A single member found opens at once; with several, the one chosen.
  const current = selected ?? (hits.length === 1 ? hits[0] : null);

  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;

  const submit = (values: TSearchForm) => {
    setSelected(null);
    setSearch(
      mode === 'card'
        ? { cardNumber: values.cardNumber?.trim() ?? '' }
        : { name: values.name?.trim() ?? '', birthday: values.birthday?.format('YYYY-MM-DD') ?? '' },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card title={t('title')}>
        <Flex vertical gap={12}>
          <Segmented<TMode>
            value={mode}
            onChange={(value) => {
              setMode(value);
              form.resetFields();
            }}
            options={[
              { value: 'name', label: t('byName') },
              { value: 'card', label: t('byCard') },
            ]}
            aria-label={t('searchBy')}
          />
          <Form<TSearchForm>
            form={form}
            layout={mobile ? 'vertical' : 'inline'}
            role="search"
            className="portal-search-form"
            style={{ rowGap: 12 }}
            onFinish={submit}
          >
            {mode === 'name' ? (
              <>
                <Form.Item
                  name="name"
                  label={t('fields.name')}
                  rules={[{ required: true, whitespace: true, message: t('rules.name') }]}
                >
                  <Input allowClear maxLength={100} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item
                  name="birthday"
                  label={t('fields.birthday')}
                  rules={[{ required: true, message: t('rules.birthday') }]}
                >
                  <DatePicker format="YYYY-MM-DD" placeholder="YYYY-MM-DD" style={{ width: 160 }} />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name="cardNumber"
                label={t('fields.cardNumber')}
                rules={[{ required: true, whitespace: true, message: t('rules.cardNumber') }]}
              >
                <Input allowClear maxLength={64} style={{ width: 220 }} />
              </Form.Item>
            )}
            <Form.Item>
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isFetching}>
                  {t('search')}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    setSearch(null);
                    setSelected(null);
                  }}
                >
                  {t('reset')}
                </Button>
              </Flex>
            </Form.Item>
          </Form>
          <MemberResults
            hits={hits}
            loading={query.isFetching}
            searched={search !== null && !query.isError}
            selected={current ? hitKey(current) : null}
            onSelect={setSelected}
          />
        </Flex>
      </Card>
      {current ? <PolicyBenefits key={hitKey(current)} hit={current} /> : null}
    </Flex>
  );
}
