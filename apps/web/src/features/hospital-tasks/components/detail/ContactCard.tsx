import { CONTACT_TYPE } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import {
  CONTACT_FIELD_LABELS,
  CONTACT_TYPE_CODES,
  TEL_TYPE_CODE_TYPE,
  type TFlatContact,
} from '@portal/domain/hospital-tasks/rules';
import { Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/use-language.ts';
import { contactRows } from './contact-rows.ts';
import { DetailCodeText } from './detail-dictionary.tsx';
import { EMPTY_TEXT, textOrDash } from './detail-rules.ts';
import { FieldLabel } from './field-changes.tsx';

/** The five contact groups: phones (type, shown to patients or not) and four contact people. */
export function ContactCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const groups = contactRows(view.contacts);
  const L = CONTACT_FIELD_LABELS;
  const phoneColumns: TableColumnsType<TFlatContact> = [
    { title: L.tel[lang], dataIndex: 'tel', render: textOrDash },
    {
      title: L.telType[lang],
      dataIndex: 'telType',
      render: (codes: string[]) => <DetailCodeText codeType={TEL_TYPE_CODE_TYPE} codes={codes} />,
    },
    {
      title: L.show[lang],
      dataIndex: 'show',
      render: (code: string) => <DetailCodeText codeType="contactShow" codes={code} />,
    },
  ];
  const personColumns: TableColumnsType<TFlatContact> = [
    { title: L.name[lang], dataIndex: 'name', render: textOrDash, width: '25%' },
    { title: L.tel[lang], dataIndex: 'tel', render: textOrDash, width: '30%' },
    { title: L.mail[lang], dataIndex: 'mail', render: textOrDash },
  ];
  return (
    <Card
      title={<FieldLabel field="contacts">{t('detail.cards.contact')}</FieldLabel>}
      className="hospital-detail-card"
    >
      <Flex vertical gap={16}>
        {CONTACT_TYPE_CODES.map((type) => {
          const group = Object.values(CONTACT_TYPE).find((c) => c.code === type);
          const title = group?.[lang] ?? type;
          const rows = groups[type];
          return (
            <section key={type} aria-label={title}>
              <Typography.Text strong>{title}</Typography.Text>
              {rows.length === 0 ? (
                <div>{EMPTY_TEXT}</div>
              ) : (
                <Table<TFlatContact>
                  rowKey={(row) => row.id || `${row.tel}-${row.name}`}
                  size="small"
                  bordered
                  pagination={false}
                  style={{ marginTop: 8 }}
                  columns={type === CONTACT_TYPE.PHONE.code ? phoneColumns : personColumns}
                  dataSource={rows}
                />
              )}
            </section>
          );
        })}
      </Flex>
    </Card>
  );
}
