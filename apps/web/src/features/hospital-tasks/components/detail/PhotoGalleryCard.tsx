import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { Card, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileViewUrl } from '../../../../components/file-upload/file-urls.ts';
import { FieldLabel } from './field-changes.tsx';

/** The promo photos: a gallery with preview (and no delete). Shown only when photos exist. */
export function PhotoGalleryCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Card
      title={<FieldLabel field="photos">{t('detail.cards.photos')}</FieldLabel>}
      className="hospital-detail-card"
    >
      <Image.PreviewGroup>
        <Flex gap={12} wrap className="hospital-gallery">
          {view.photoList.map((photo, index) => (
            <Image
              key={photo.id}
              src={fileViewUrl(photo.id)}
              alt={t('detail.photoAlt', { index: index + 1, name: photo.name })}
              width={200}
              height={130}
              style={{ objectFit: 'cover' }}
            />
          ))}
        </Flex>
      </Image.PreviewGroup>
    </Card>
  );
}
