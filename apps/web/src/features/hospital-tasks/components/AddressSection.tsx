import { LABELS, MAX_LENGTHS } from '@portal/domain/hospital-tasks/rules';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCascader } from '../../dictionaries/components/AreaCascader.tsx';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';
import { FormField, TextField, useRequired } from './FormFields.tsx';

const half = { xs: 24, md: 12 };

/** Address: Chinese and English address, website, the area (continent, country, province/city/district), coordinates. */
export function AddressSection() {
  const { t } = useTranslation('hospital-tasks');
  const { values, changeMany, errors, text } = useHospitalForm();
  const areaRequired = useRequired('continent');
  const areaLabel = [LABELS.continent, LABELS.country, LABELS.provinceCity].map(text).join(' / ');
  return (
    <Card
      title={t('form.sections.address')}
      id="hospital-form-section-address"
      className="hospital-form-section"
    >
      <Row gutter={16}>
        <Col {...half}>
          <TextField field="hospitalCAddress" max={MAX_LENGTHS.hospitalCAddress} />
        </Col>
        <Col {...half}>
          <TextField field="hospitalEAddress" max={MAX_LENGTHS.hospitalEAddress} />
        </Col>
        <Col {...half}>
          <TextField field="webAddr" max={MAX_LENGTHS.webAddr} placeholder="https://" />
        </Col>
        <Col span={24}>
          <FormField
            path="continent"
            label={areaLabel}
            required={areaRequired}
            alsoErrors={['country', 'provinceCity']}
            extra={t('form.address.areaHint')}
          >
            <AreaCascader
              value={{
                continent: values.continent,
                country: values.country,
                provinceCity: values.provinceCity,
              }}
              onChange={(area) =>
                changeMany({
                  continent: area.continent,
                  country: area.country,
                  provinceCity: area.provinceCity,
                })
              }
              ids={{
                continent: fieldId('continent'),
                country: fieldId('country'),
                provinceCity: fieldId('provinceCity'),
              }}
              status={{
                continent: errors.continent ? 'error' : undefined,
                country: errors.country ? 'error' : undefined,
                provinceCity: errors.provinceCity ? 'error' : undefined,
              }}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <TextField field="longitude" placeholder={t('form.address.numberHint')} />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <TextField field="latitude" placeholder={t('form.address.numberHint')} />
        </Col>
      </Row>
    </Card>
  );
}
