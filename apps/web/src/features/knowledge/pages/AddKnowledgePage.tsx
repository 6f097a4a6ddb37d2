import {
  KNOWLEDGE_LABELS,
  KNOWLEDGE_LIMITS,
  type TKnowledgeKind,
  ZKnowledgeAddBody,
} from '@portal/domain/knowledge/rules';
import { App, Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { DictSelect } from '../../dictionaries/components/DictSelect.tsx';
import { useAddKnowledge } from '../api/add-knowledge.ts';
import { useKnowledgeList } from '../api/knowledge-list.ts';

export const KNOWLEDGE_PATH = '/drsystem/system/knowledge';

interface TValues {
  parentCode?: string;
  code?: string;
  cnName: string;
  enName: string;
  departments?: string[];
}

/** /drsystem/info/add/symptom, /add/disease and /add/treatment: a new entry at level 1 or under a level-1 or level-2 parent. */
export function AddKnowledgePage({ kind }: { kind: TKnowledgeKind }) {
  const { t, i18n } = useTranslation('knowledge');
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const add = useAddKnowledge(kind);
  const level1 = useKnowledgeList({ current: 1, size: 200, model: { kind, level: 1 } });
  const level2 = useKnowledgeList({ current: 1, size: 200, model: { kind, level: 2 } });
  const parents = [...(level1.data?.records ?? []), ...(level2.data?.records ?? [])].map((r) => ({
    value: r.code,
    label: `${r.code} ${en ? r.enName : r.cnName}`,
  }));
  const field = ZKnowledgeAddBody.shape;

  return (
    <section aria-labelledby="add-knowledge-title">
      <Typography.Title level={3} id="add-knowledge-title">
        {t(`kb.add.${kind}`)}
      </Typography.Title>
      <Card>
        <Form<TValues>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          onFinish={async (values) => {
            try {
              const item = await add.mutateAsync({
                ...values,
                parentCode: values.parentCode ?? '',
                code: values.code?.trim() ?? '',
                departments: values.departments ?? [],
              });
              message.success(t('kb.added', { code: item.code }));
              navigate(KNOWLEDGE_PATH);
            } catch (error) {
              applyServerFieldErrors(form, error);
            }
          }}
        >
          <Form.Item name="parentCode" label={t('kb.columns.parent')} extra={t('kb.parentHint')}>
            <Select allowClear showSearch optionFilterProp="label" options={parents} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('kb.columns.code')}
            extra={t('kb.codeHint')}
            rules={[zodRule(field.code)]}
          >
            <Input maxLength={KNOWLEDGE_LIMITS.code} />
          </Form.Item>
          <Form.Item
            name="cnName"
            label={en ? KNOWLEDGE_LABELS.cnName.en : KNOWLEDGE_LABELS.cnName.zh}
            required
            rules={[zodRule(field.cnName)]}
          >
            <Input maxLength={KNOWLEDGE_LIMITS.cnName} />
          </Form.Item>
          <Form.Item
            name="enName"
            label={en ? KNOWLEDGE_LABELS.enName.en : KNOWLEDGE_LABELS.enName.zh}
            required
            rules={[zodRule(field.enName)]}
          >
            <Input maxLength={KNOWLEDGE_LIMITS.enName} />
          </Form.Item>
          <Form.Item name="departments" label={t('kb.columns.departments')}>
            <DictSelect codeType="outpatients" mode="multiple" />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('kb.save')}
            </Button>
            <Button onClick={() => navigate(KNOWLEDGE_PATH)}>{t('kb.cancel')}</Button>
          </Flex>
        </Form>
      </Card>
    </section>
  );
}

export function AddSymptomPage() {
  return <AddKnowledgePage kind="symptom" />;
}
export function AddDiseasePage() {
  return <AddKnowledgePage kind="disease" />;
}
export function AddTreatmentPage() {
  return <AddKnowledgePage kind="treatment" />;
}
