import { DB_FLAG, YES_NO } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { CHOICE_CODE_TYPES, LABELS } from '@portal/domain/hospital-tasks/rules';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/use-language.ts';
import { LookupState } from '../../../dictionaries/components/LookupState.tsx';
import { useDetailDictionary } from './detail-dictionary.tsx';
import { fieldItem } from './detail-items.tsx';
import { providerTitle } from './detail-rules.ts';
import { ExpandableText } from './ExpandableText.tsx';
import { NewMarker } from './field-changes.tsx';

const TAG_FIELDS = [
  ['medicalType', 'blue'],
  ['providerPro', 'cyan'],
  ['providerLeval', 'gold'],
  ['directPayType', 'green'],
] as const;

/**
 * The read-only summary at the top (spec section 2): Chinese and English names joined by a
 * hyphen, tags, provider id, department category, invoice type, and the introductions and
 * department lists collapsed at 5 lines.
 */
export function ProviderSummaryCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const { labelOf, statusOf, retry } = useDetailDictionary();
  const coded = TAG_FIELDS.filter(([field]) => view[field]);
  const failed = coded.some(([field]) => statusOf(CHOICE_CODE_TYPES[field]) === 'error');
  // Until the dictionary answers a tag holds a skeleton, never the bare code; one retry
  // message stands for the tags when it cannot answer.
  const tags: { key: string; color: string; label: ReactNode }[] = failed
    ? []
    : coded.map(([field, color]) =>
        statusOf(CHOICE_CODE_TYPES[field]) === 'success'
          ? { key: field, color, label: labelOf(CHOICE_CODE_TYPES[field], view[field]) }
          : { key: field, color: 'default', label: <LookupState status="pending" onRetry={retry} /> },
      );
  if (view.socialSecurity === YES_NO.YES.code)
    tags.push({ key: 'socialSecurity', color: 'purple', label: t('detail.summary.socialSecurity') });
  if (view.dbFlag === DB_FLAG.SUPPORTED.code)
    tags.push({ key: 'dbFlag', color: 'orange', label: LABELS.dbFlag[lang] });

  const text = (field: 'providerIntroduceCn' | 'providerIntroduceEn' | 'deptListCn' | 'deptListEn') =>
    fieldItem(field, view[field], { children: <ExpandableText text={view[field]} />, span: 'filled' });

  return (
    <Card className="hospital-detail-card hospital-summary-card" aria-label={t('detail.cards.summary')}>
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} className="hospital-summary-title" translate="no">
            {providerTitle(view.providerCnName, view.providerEnName)}
          </Typography.Title>
          <NewMarker field="providerCnName" />
          <NewMarker field="providerEnName" />
        </Flex>
        {(tags.length > 0 || failed) && (
          <Flex gap={4} wrap aria-label={t('detail.summary.tags')}>
            {failed && <LookupState status="error" onRetry={retry} />}
            {tags.map((tag) => (
              <Tag key={tag.key} color={tag.color}>
                {tag.label}
              </Tag>
            ))}
          </Flex>
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 3 }}
          items={[
            fieldItem('providerId', view.providerId),
            fieldItem('proDeptCategory', view.proDeptCategory),
            fieldItem('invoiceType', view.invoiceType),
          ]}
        />
        <Descriptions
          size="small"
          column={1}
          layout="vertical"
          items={[
            text('providerIntroduceCn'),
            text('providerIntroduceEn'),
            text('deptListCn'),
            text('deptListEn'),
          ]}
        />
      </Flex>
    </Card>
  );
}
