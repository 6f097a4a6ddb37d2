import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_GROUP_LABELS,
  CONTACT_TYPE_CODES,
  emptyContact,
  MAX_CONTACT_ROWS,
  MAX_LENGTHS,
  type TContactTypeCode,
  TEL_TYPE_CODE_TYPE,
  type TFlatContact,
} from '@portal/domain/hospital-tasks/rules';
import type { TBilingual } from '@portal/domain/i18n/bilingual';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../dictionaries/components/DictSelect.tsx';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';

/** Code type of the 'shown to patients' choice of a phone. */
const CONTACT_SHOW_CODE_TYPE = 'contactShow';
/** The example number of the phone guidance. */
export const PHONE_EXAMPLE = '+86-10-59277000';

type TField = keyof typeof CONTACT_FIELD_LABELS;

/** The columns of a group: phones (01) have tel, phone type and shown; people (02-05) name, tel, mail. */
const COLUMNS: Record<'phone' | 'person', { field: TField; span: number }[]> = {
  phone: [
    { field: 'tel', span: 9 },
    { field: 'telType', span: 7 },
    { field: 'show', span: 5 },
  ],
  person: [
    { field: 'name', span: 6 },
    { field: 'tel', span: 7 },
    { field: 'mail', span: 8 },
  ],
};

/** The phone guidance of spec section 5, shown above the contacts. */
export function PhoneGuidance() {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Alert
      type="info"
      showIcon
      className="hospital-form-phone-guidance"
      title={t('form.contacts.guidanceTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          <li>{t('form.contacts.guidanceDirect', { phone: PHONE_EXAMPLE })}</li>
          <li>{t('form.contacts.guidanceMobile')}</li>
          <li>{t('form.contacts.guidanceExtension', { phone: PHONE_EXAMPLE })}</li>
          <li>{t('form.contacts.guidanceHotline')}</li>
          <li>{t('form.contacts.guidanceSeparators')}</li>
        </ul>
      }
    />
  );
}

/**
 * The contact editor: the five groups, each a list of rows. A plus on the last row adds a row, a
 * minus removes one while more than one is left. tel, name and mail are checked on blur; on
 * submit every field of every row is required.
 */
export function ContactEditor() {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Card
      title={t('form.sections.contacts')}
      id="hospital-form-section-contacts"
      className="hospital-form-section"
    >
      <PhoneGuidance />
      {CONTACT_TYPE_CODES.map((type) => (
        <ContactGroup key={type} type={type} />
      ))}
    </Card>
  );
}

function ContactGroup({ type }: { type: TContactTypeCode }) {
  const { t } = useTranslation('hospital-tasks');
  const { values, change, blur, errors, text } = useHospitalForm();
  const rows = (values.contacts[type] ?? []) as Partial<TFlatContact>[];
  const columns = COLUMNS[type === '01' ? 'phone' : 'person'];
  const groupLabel = text(CONTACT_GROUP_LABELS[type]);
  const path = `contacts.${type}`;

  const add = () => change(path, [...rows, emptyContact(type)]);
  const remove = (index: number) =>
    change(
      path,
      rows.filter((_r, i) => i !== index),
    );

  return (
    <section className="hospital-form-contact-group" aria-label={groupLabel} data-contact-type={type}>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {groupLabel}
      </Typography.Title>
      <Row gutter={12} className="hospital-form-contact-head" aria-hidden>
        {columns.map((c) => (
          <Col key={c.field} span={c.span}>
            <span className="hospital-form-required-mark">*</span>
            {text(CONTACT_FIELD_LABELS[c.field])}
          </Col>
        ))}
      </Row>
      {rows.map((row, index) => {
        const at = (field: TField) => `${path}.${index}.${field}`;
        const message = (field: TField): TBilingual | undefined => errors[at(field)];
        const aria = (field: TField) => `${groupLabel} ${index + 1} ${text(CONTACT_FIELD_LABELS[field])}`;
        const last = index === rows.length - 1;
        return (
          <Row key={row.id || index} gutter={12} align="top" className="hospital-form-contact-row">
            {columns.map((c) => {
              const m = message(c.field);
              const value = row[c.field];
              return (
                <Col key={c.field} span={c.span}>
                  <Form.Item validateStatus={m ? 'error' : undefined} help={m ? text(m) : undefined}>
                    {c.field === 'telType' ? (
                      <DictSelect
                        id={fieldId(at(c.field))}
                        aria-label={aria(c.field)}
                        codeType={TEL_TYPE_CODE_TYPE}
                        mode="multiple"
                        value={(value as string[] | undefined) ?? []}
                        onChange={(next) => change(at(c.field), (next as string[] | undefined) ?? [])}
                      />
                    ) : c.field === 'show' ? (
                      <DictSelect
                        id={fieldId(at(c.field))}
                        aria-label={aria(c.field)}
                        codeType={CONTACT_SHOW_CODE_TYPE}
                        value={(value as string | undefined) || undefined}
                        onChange={(next) => change(at(c.field), (next as string | undefined) ?? '')}
                      />
                    ) : (
                      <Input
                        id={fieldId(at(c.field))}
                        aria-label={aria(c.field)}
                        value={(value as string | undefined) ?? ''}
                        maxLength={
                          c.field === 'name'
                            ? MAX_LENGTHS.contactName
                            : c.field === 'mail'
                              ? MAX_LENGTHS.contactMail
                              : MAX_LENGTHS.contactTel
                        }
                        placeholder={c.field === 'tel' ? PHONE_EXAMPLE : undefined}
                        onChange={(e) => change(at(c.field), e.target.value)}
                        onBlur={() => blur(at(c.field))}
                      />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
            <Col span={3}>
              <Flex gap={6}>
                {rows.length > 1 && (
                  <Tooltip title={t('form.contacts.removeRow')}>
                    <Button
                      shape="circle"
                      size="small"
                      icon={<MinusOutlined aria-hidden />}
                      aria-label={t('form.contacts.removeRowOf', { group: groupLabel, index: index + 1 })}
                      onClick={() => remove(index)}
                      style={{ marginTop: 4 }}
                    />
                  </Tooltip>
                )}
                {last && rows.length < MAX_CONTACT_ROWS && (
                  <Tooltip title={t('form.contacts.addRow')}>
                    <Button
                      shape="circle"
                      size="small"
                      type="primary"
                      icon={<PlusOutlined aria-hidden />}
                      aria-label={t('form.contacts.addRowOf', { group: groupLabel })}
                      onClick={add}
                      style={{ marginTop: 4 }}
                    />
                  </Tooltip>
                )}
              </Flex>
            </Col>
          </Row>
        );
      })}
    </section>
  );
}
