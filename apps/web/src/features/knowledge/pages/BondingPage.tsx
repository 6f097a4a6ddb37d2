import { App, Button, Card, Descriptions, Flex, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { BONDING_SAVE, useBonding, useSaveBonding } from '../api/bonding.ts';
import { useKnowledgeList } from '../api/knowledge-list.ts';
import { KNOWLEDGE_PATH } from './AddKnowledgePage.tsx';

/** /drsystem/system/symptom/bondingdisease/:id: the diseases a symptom is bonded to. */
export function BondingPage() {
  const { t, i18n } = useTranslation('knowledge');
  const en = i18n.language === 'en';
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { has } = usePermission();
  const bonding = useBonding(id);
  const save = useSaveBonding(id);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const diseases = useKnowledgeList({ current: 1, size: 50, model: { kind: 'disease', keyword, level: 3 } });
  useEffect(() => {
    if (bonding.data) setChosen(bonding.data.diseases.map((d) => d.id));
  }, [bonding.data]);

  if (bonding.isPending) return <Skeleton active />;
  if (bonding.isError)
    return (
      <LoadFailed
        error={bonding.error}
        title={t('bonding.loadFailed')}
        onRetry={() => void bonding.refetch()}
        backTo={KNOWLEDGE_PATH}
        backLabel={t('kb.title')}
      />
    );
  const { symptom } = bonding.data;
  const known = new Map(
    [...bonding.data.diseases, ...(diseases.data?.records ?? [])].map((d) => [
      d.id,
      `${d.code} ${en ? d.enName : d.cnName}`,
    ]),
  );
  return (
    <section aria-labelledby="bonding-title">
      <Typography.Title level={3} id="bonding-title">
        {t('bonding.title')}
      </Typography.Title>
      <Card>
        <Descriptions column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('kb.columns.code')}>{symptom.code}</Descriptions.Item>
          <Descriptions.Item label={t('kb.kinds.symptom')}>
            {en ? `${symptom.enName} (${symptom.cnName})` : `${symptom.cnName}（${symptom.enName}）`}
          </Descriptions.Item>
        </Descriptions>
        <label htmlFor="bonding-diseases">{t('bonding.diseases')}</label>
        <Select
          id="bonding-diseases"
          mode="multiple"
          style={{ width: '100%', margin: '8px 0 16px' }}
          value={chosen}
          onChange={setChosen}
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          disabled={!has(BONDING_SAVE)}
          options={[...known].map(([value, label]) => ({ value, label }))}
          placeholder={t('bonding.searchHint')}
        />
        <Flex gap={8}>
          {has(BONDING_SAVE) && (
            <Button
              type="primary"
              loading={save.isPending}
              onClick={async () => {
                await save.mutateAsync(chosen);
                message.success(t('bonding.saved'));
              }}
            >
              {t('kb.save')}
            </Button>
          )}
          <Button onClick={() => navigate(KNOWLEDGE_PATH)}>{t('kb.title')}</Button>
        </Flex>
      </Card>
    </section>
  );
}
