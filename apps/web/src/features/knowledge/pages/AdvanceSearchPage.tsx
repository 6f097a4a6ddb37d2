import { SearchOutlined } from '@ant-design/icons';
import { PROFESSIONAL_LEVEL } from '@portal/domain/doctors/codes';
import type { TAdvanceSearchItem } from '@portal/domain/knowledge/api';
import { hasSearchCriterion } from '@portal/domain/knowledge/rules';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/pager/Pager.tsx';
import { CodeLabel } from '../../dictionaries/components/CodeLabel.tsx';
import { DictSelect } from '../../dictionaries/components/DictSelect.tsx';
import { type TAdvanceSearchBody, useAdvanceSearch } from '../api/advance-search.ts';

interface TCriteria {
  symptom?: string;
  disease?: string;
  treatment?: string;
  doctorName?: string;
  area?: string;
  department?: string;
  language?: string;
  professionalLevel?: string;
}

export const INFO_DETAIL_PATH = '/drsystem/info/query/infoDetail';

/** /drsystem/info/advance: advanced doctor search for operator staff. */
export function AdvanceSearchPage() {
  const { t, i18n } = useTranslation('knowledge');
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const [form] = Form.useForm<TCriteria>();
  const [body, setBody] = useState<TAdvanceSearchBody | null>(null);
  const [missing, setMissing] = useState(false);
  const query = useAdvanceSearch(body);

  const submit = (values: TCriteria) => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
    ) as Required<TCriteria>;
    if (!hasSearchCriterion(trimmed)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBody({ ...trimmed, current: 1, size: body?.size ?? 10 });
  };

  const columns: TableColumnsType<TAdvanceSearchItem> = [
    {
      key: 'name',
      title: t('search.columns.doctor'),
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{en ? r.enName || r.cnName : r.cnName || r.enName}</Typography.Text>
          <Typography.Text type="secondary">{en ? r.cnName : r.enName}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'level',
      title: t('search.columns.level'),
      width: 150,
      render: (_, r) => {
        const level = Object.values(PROFESSIONAL_LEVEL).find((l) => l.code === r.professionalLevel);
        return level ? (en ? level.en : level.zh) : '-';
      },
    },
    {
      key: 'hospital',
      title: t('search.columns.hospital'),
      render: (_, r) => (
        <Button
          type="link"
          style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
          onClick={() => navigate(`${INFO_DETAIL_PATH}?providerId=${encodeURIComponent(r.providerId)}`)}
        >
          {(en ? r.providerEnName || r.providerCnName : r.providerCnName || r.providerEnName) || r.providerId}
        </Button>
      ),
    },
    {
      key: 'departments',
      title: t('search.columns.departments'),
      render: (_, r) => <CodeLabel codeType="outpatients" codes={r.departments} />,
    },
    {
      key: 'expertise',
      title: t('search.columns.expertise'),
      ellipsis: true,
      render: (_, r) => (en ? r.expertiseEn || r.expertiseCn : r.expertiseCn || r.expertiseEn) || '-',
    },
    {
      key: 'matches',
      title: t('search.columns.matches'),
      render: (_, r) => (
        <Flex wrap gap={4}>
          {r.matches.map((m) => (
            <Tag key={`${m.criterion}-${m.via}-${m.cnText}`}>
              {t(`search.via.${m.via}`)}: {en ? m.enText : m.cnText}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'rating',
      title: t('search.columns.rating'),
      width: 110,
      render: (_, r) => (r.recommendRating === null ? '-' : `${r.recommendRating} / 5`),
    },
  ];

  return (
    <section aria-labelledby="advance-search-title">
      <Typography.Title level={3} id="advance-search-title">
        {t('search.title')}
      </Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Form<TCriteria> form={form} layout="vertical" onFinish={submit}>
          <Flex wrap gap={16}>
            {(['symptom', 'disease', 'treatment', 'doctorName'] as const).map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`search.criteria.${name}`)}
                style={{ minWidth: 200, flex: 1 }}
              >
                <Input allowClear maxLength={100} />
              </Form.Item>
            ))}
          </Flex>
          <Flex wrap gap={16}>
            <Form.Item name="area" label={t('search.filters.area')} style={{ minWidth: 200, flex: 1 }}>
              <DictSelect codeType="03" />
            </Form.Item>
            <Form.Item
              name="department"
              label={t('search.filters.department')}
              style={{ minWidth: 200, flex: 1 }}
            >
              <DictSelect codeType="outpatients" />
            </Form.Item>
            <Form.Item
              name="language"
              label={t('search.filters.language')}
              style={{ minWidth: 200, flex: 1 }}
            >
              <DictSelect codeType="ldCode-language" />
            </Form.Item>
            <Form.Item
              name="professionalLevel"
              label={t('search.filters.level')}
              style={{ minWidth: 200, flex: 1 }}
            >
              <Select
                allowClear
                placeholder={t('dictionaries:select.placeholder')}
                options={Object.values(PROFESSIONAL_LEVEL).map((l) => ({
                  value: l.code,
                  label: en ? l.en : l.zh,
                }))}
              />
            </Form.Item>
          </Flex>
          {missing && (
            <Alert
              type="warning"
              showIcon
              message={t('search.needsCriterion')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              {t('search.submit')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setBody(null);
                setMissing(false);
              }}
            >
              {t('search.reset')}
            </Button>
          </Flex>
        </Form>
      </Card>
      {body && (
        <Card>
          <Table<TAdvanceSearchItem>
            rowKey={(r) => `${r.doctorId}-${r.providerId}`}
            size="middle"
            columns={columns}
            dataSource={query.data?.records ?? []}
            loading={query.isFetching}
            pagination={false}
            locale={{ emptyText: t('search.empty') }}
            scroll={{ x: 900 }}
          />
          <Pager
            current={body.current}
            pageSize={body.size}
            total={query.data?.total ?? 0}
            onChange={(current, size) => setBody({ ...body, current, size })}
          />
        </Card>
      )}
    </section>
  );
}
