import type { TDictionaryTypeRecord } from '@portal/domain/dictionaries/rules';
import { Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictionaryEntriesCard } from '../components/DictionaryEntriesCard.tsx';
import { DictionaryTypesCard } from '../components/DictionaryTypesCard.tsx';

/** System > Dictionaries: the code types, then the picked type's entries (side by side from 1600 px). */
export function DictionaryPage() {
  const { t } = useTranslation('dictionaries');
  const [selected, setSelected] = useState<TDictionaryTypeRecord | null>(null);
  return (
    <section aria-labelledby="dictionary-page-title">
      <Typography.Title level={3} id="dictionary-page-title" style={{ marginTop: 0 }}>
        {t('dictionary.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <DictionaryTypesCard selected={selected} onSelect={setSelected} />
        </Col>
        <Col xs={24} xxl={14}>
          <DictionaryEntriesCard key={selected?.codeType ?? ''} type={selected} />
        </Col>
      </Row>
    </section>
  );
}
