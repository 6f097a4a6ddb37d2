import {
  COST_CONTROL_ACTION,
  COST_CONTROL_STATUS,
  costControlLabel,
  type TCostDetail,
  type TCostMeasure,
} from '@portal/domain/cost-control/rules';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/permission/use-permission.ts';
import { Timeline } from '../../components/timeline/Timeline.tsx';
import { pickLanguage } from '../../lib/i18n.ts';
import type { TCostArea } from './api/cost-control.ts';

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

/** Operators (who may read every measure) use the audit calls; provider staff their own. */
export function useCostArea(): TCostArea {
  return usePermission().has('claim:controlAudit:view') ? 'audit' : 'case';
}

/** The spec's pages of a measure, by its controlManageProportionId. */
export const costPaths = {
  list: '/claim/control/list',
  process: (id: string) => `/claim/control/create/${id}`,
  empty: (id: string) => `/claim/control/empty/${id}`,
  detail: (id: string) => `/claim/control/detail/${id}`,
};

const COLOURS: Record<string, string> = {
  [COST_CONTROL_STATUS.PENDING.code]: 'processing',
  [COST_CONTROL_STATUS.ACCEPTED.code]: 'success',
  [COST_CONTROL_STATUS.DISAGREED.code]: 'warning',
  [COST_CONTROL_STATUS.WITHDRAWN.code]: 'default',
};

export function CostStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return (
    <Tag color={COLOURS[status] ?? 'default'}>{costControlLabel(COST_CONTROL_STATUS, status, lang)}</Tag>
  );
}

export const periodText = (m: { validFrom: string | null; validTo: string | null }) =>
  m.validFrom && m.validTo ? `${m.validFrom} ~ ${m.validTo}` : '-';

/** The terms of a measure: provider, proportion, basis, period, round and the last disagreement. */
export function MeasureTerms({ m }: { m: TCostMeasure }) {
  const { t } = useTranslation('cost-control');
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t('fields.provider')}>
        {m.providerId} {pickLanguage(m.providerCnName, m.providerEnName)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.proportion')}>{m.proportion}%</Descriptions.Item>
      <Descriptions.Item label={t('fields.period')}>{periodText(m)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.round')}>{m.round}</Descriptions.Item>
      <Descriptions.Item label={t('fields.basis')} span={2}>
        {m.basis}
      </Descriptions.Item>
      {m.reason ? (
        <Descriptions.Item label={t('fields.reason')} span={2}>
          {m.reason}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('fields.proposeTime')}>{m.proposeTime}</Descriptions.Item>
      <Descriptions.Item label={t('fields.answerTime')}>
        {m.answerTime ?? '-'}
        {m.autoConfirmed ? ` · ${t('detail.autoConfirmed')}` : ''}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Every round and answer of a measure, oldest first, with the terms proposed at each round. */
export function MeasureFlow({ flow }: { flow: TCostDetail['flow'] }) {
  const lang = useLang();
  return (
    <Timeline
      defaultExpanded
      items={flow.map((f) => ({
        key: f.id,
        title: f.createTime,
        content: [
          costControlLabel(COST_CONTROL_ACTION, f.action, lang),
          pickLanguage(f.operatorName, f.operatorNameEn),
          f.proportion ? `${f.proportion}% · ${periodText(f)}` : '',
          f.remark,
        ]
          .filter(Boolean)
          .join(' · '),
      }))}
    />
  );
}
