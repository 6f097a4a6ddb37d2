import { CHOICE_CODE_TYPES, LABELS, MAX_LENGTHS } from '@portal/domain/hospital-tasks/rules';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { usesBankSelect } from '../hospital-form-model.ts';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';
import { BankSelect } from './BankSelect.tsx';
import { CodeField, FormField, TextField, useRequired } from './FormFields.tsx';

const third = { xs: 24, md: 12, xl: 8 };

/**
 * Bank info. With CNY (01) the bank is chosen from the bank list and the branch is required;
 * with another currency the swift code and the bank address are asked instead.
 */
export function BankInfoSection() {
  const { t } = useTranslation('hospital-tasks');
  const { values, changeMany, errors } = useHospitalForm();
  const domestic = usesBankSelect(values.currency);
  const bankCodeRequired = useRequired('bankCode');
  return (
    <Card title={t('form.sections.bank')} id="hospital-form-section-bank" className="hospital-form-section">
      <Row gutter={16}>
        <Col {...third}>
          <CodeField field="currency" codeType={CHOICE_CODE_TYPES.currency} />
        </Col>
        {domestic && (
          <Col {...third}>
            <FormField
              path="bankCode"
              label={LABELS.bankCode}
              required={bankCodeRequired}
              alsoErrors={['bankName']}
            >
              <BankSelect
                id={fieldId('bankCode')}
                value={values.bankCode}
                name={values.bankName}
                status={errors.bankCode ? 'error' : undefined}
                onChange={(bank) =>
                  changeMany({ bankCode: bank?.bankcode ?? '', bankName: bank?.bankname ?? '' })
                }
              />
            </FormField>
          </Col>
        )}
        <Col {...third}>
          <TextField field="bank" max={MAX_LENGTHS.bank} />
        </Col>
        <Col {...third}>
          <TextField field="accountName" max={MAX_LENGTHS.accountName} />
        </Col>
        <Col {...third}>
          <TextField field="accountNo" max={MAX_LENGTHS.accountNo} />
        </Col>
        {!domestic && (
          <>
            <Col {...third}>
              <TextField field="countryCode" max={MAX_LENGTHS.countryCode} />
            </Col>
            <Col xs={24} xl={16}>
              <TextField field="bankAddress" max={MAX_LENGTHS.bankAddress} />
            </Col>
          </>
        )}
      </Row>
    </Card>
  );
}
