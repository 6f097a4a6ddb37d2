import { OPERATOR_KIND, operationRecordText } from '@portal/domain/dictionaries/codes';
import type { TOperationRecord } from '@portal/domain/hospital-tasks/api';
import { Card, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { useLanguage } from '../use-language.ts';

const FLOW_COLORS: Record<string, string> = {
  '01': 'blue',
  '03': 'gray',
  '04': 'red',
  '06': 'green',
  '07': 'gray',
};

/** The operation log: a timeline of the task's audit flows (who did what, when; return reasons). */
export function OperationLogSection({ flows }: { flows: readonly TOperationRecord[] }) {
  const { t } = useTranslation('hospital-tasks');
  const language = useLanguage();
  return (
    <Card
      title={t('form.sections.operationLog')}
      id="hospital-form-section-log"
      className="hospital-form-section"
    >
      <Timeline
        items={flows.map((flow, i) => {
          const label =
            flow.text?.[language] ||
            operationRecordText(flow.status, flow.flowType)?.[language] ||
            flow.status;
          const person =
            flow.operatorKind === OPERATOR_KIND.SYSTEM.code
              ? OPERATOR_KIND.SYSTEM[language]
              : (language === 'en'
                  ? flow.operateMemberEn || flow.operateMember
                  : flow.operateMember || flow.operateMemberEn) || OPERATOR_KIND.OPERATOR[language];
          return {
            key: `${flow.operateDate}-${i}`,
            color: FLOW_COLORS[flow.status] ?? 'blue',
            title: flow.operateDate ? dayjs(flow.operateDate).format('YYYY-MM-DD HH:mm:ss') : '-',
            content: (
              <div>
                <Typography.Text strong>{label}</Typography.Text>
                <Typography.Text type="secondary"> · {person}</Typography.Text>
                {flow.operateRemark && (
                  <div>
                    {t('form.log.remark')}
                    {flow.operateRemark}
                  </div>
                )}
              </div>
            ),
          };
        })}
      />
    </Card>
  );
}
