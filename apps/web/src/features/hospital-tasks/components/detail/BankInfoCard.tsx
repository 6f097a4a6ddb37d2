import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaskedValue } from '../../../../components/personal-data/personal-data.tsx';
import { DETAIL_COLUMNS, fieldItem } from './detail-items.tsx';
import { EMPTY_TEXT, showBankName } from './detail-rules.ts';

/**
 * Beneficiary bank info: currency, bank name (CNY accounts only), bank or branch, account
 * name and number (masked until revealed), swift code (countryCode) and bank address.
 */
export function BankInfoCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Card title={t('detail.cards.bank')} className="hospital-detail-card">
      <Descriptions
        className="hospital-fixed-descriptions"
        bordered
        size="small"
        column={DETAIL_COLUMNS}
        items={[
          fieldItem('currency', view.currency),
          ...(showBankName(view.currency) ? [fieldItem('bankName', view.bankName)] : []),
          fieldItem('bank', view.bank),
          fieldItem('accountName', view.accountName),
          fieldItem('accountNo', view.accountNo, {
            children: (
              <MaskedValue
                field="accountNo"
                kind="accountNo"
                value={view.accountNo}
                empty={EMPTY_TEXT}
                toggle
              />
            ),
          }),
          fieldItem('countryCode', view.countryCode),
          fieldItem('bankAddress', view.bankAddress, { span: 'filled' }),
        ]}
      />
    </Card>
  );
}
