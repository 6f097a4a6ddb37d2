import {
  CHOICE_CODE_TYPES,
  canChooseLevel,
  hasFixedLevel,
  LABELS,
  MAX_LENGTHS,
} from '@portal/domain/hospital-tasks/rules';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DepartmentPickerDialog,
  DepartmentTags,
} from '../../../components/change-tasks/DepartmentPicker.tsx';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';
import { CodeField, FormField, TextField } from './FormFields.tsx';

const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 12, xl: 8 };

/** Basic info: names, type, character (which fixes level and category), languages, introductions, departments. */
export function BasicInfoSection() {
  const { t } = useTranslation('hospital-tasks');
  const { values, change } = useHospitalForm();
  const [picking, setPicking] = useState(false);
  const levelChoosable = canChooseLevel(values.providerPro);
  return (
    <Card title={t('form.sections.basic')} id="hospital-form-section-basic" className="hospital-form-section">
      <Row gutter={16}>
        <Col {...third}>
          <TextField field="providerId" disabled />
        </Col>
        <Col {...third}>
          <TextField field="providerCnName" max={MAX_LENGTHS.providerCnName} />
        </Col>
        <Col {...third}>
          <TextField field="providerEnName" max={MAX_LENGTHS.providerEnName} />
        </Col>
        <Col {...third}>
          <CodeField field="medicalType" codeType={CHOICE_CODE_TYPES.medicalType} />
        </Col>
        <Col {...third}>
          <CodeField field="providerPro" codeType={CHOICE_CODE_TYPES.providerPro} />
        </Col>
        <Col {...third}>
          <CodeField
            field="providerLeval"
            codeType={CHOICE_CODE_TYPES.providerLeval}
            disabled={!levelChoosable}
            extra={hasFixedLevel(values.providerPro) ? t('form.basic.levelFixed') : undefined}
          />
        </Col>
        <Col {...third}>
          <CodeField
            field="proDeptCategory"
            codeType={CHOICE_CODE_TYPES.proDeptCategory}
            disabled={!levelChoosable}
          />
        </Col>
        <Col {...third}>
          <CodeField field="socialSecurity" codeType={CHOICE_CODE_TYPES.socialSecurity} />
        </Col>
        <Col {...third}>
          <CodeField field="directPayType" codeType={CHOICE_CODE_TYPES.directPayType} />
        </Col>
        <Col {...third}>
          <CodeField field="languages" codeType={CHOICE_CODE_TYPES.languages} multiple />
        </Col>
        <Col {...third}>
          <CodeField field="invoiceType" codeType={CHOICE_CODE_TYPES.invoiceType} />
        </Col>
        <Col {...half}>
          <TextField field="providerIntroduceCn" textarea max={MAX_LENGTHS.providerIntroduceCn} />
        </Col>
        <Col {...half}>
          <TextField field="providerIntroduceEn" textarea max={MAX_LENGTHS.providerIntroduceEn} />
        </Col>
        <Col {...half}>
          <TextField field="deptListCn" textarea max={MAX_LENGTHS.deptListCn} />
        </Col>
        <Col {...half}>
          <TextField field="deptListEn" textarea max={MAX_LENGTHS.deptListEn} />
        </Col>
        <Col span={24}>
          <FormField path="outPatients" label={LABELS.outPatients} required>
            <Flex vertical gap={8} align="flex-start" id={fieldId('outPatients')}>
              <Flex gap={12} align="center">
                <Button onClick={() => setPicking(true)}>{t('form.departments.open')}</Button>
                <Typography.Text type="secondary">
                  {t('form.departments.chosen', { count: values.outPatients.length })}
                </Typography.Text>
              </Flex>
              <DepartmentTags
                value={values.outPatients}
                onRemove={(code) =>
                  change(
                    'outPatients',
                    values.outPatients.filter((c) => c !== code),
                  )
                }
              />
            </Flex>
          </FormField>
        </Col>
      </Row>
      <DepartmentPickerDialog
        open={picking}
        value={values.outPatients}
        onCancel={() => setPicking(false)}
        onOk={(codes) => {
          change('outPatients', codes);
          setPicking(false);
        }}
      />
    </Card>
  );
}
