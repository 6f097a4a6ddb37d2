import {
  PHOTO_BIZ_TYPE,
  PHOTO_BUCKET,
  PHOTO_COUNT,
  PROVIDER_TASK_ATTACH_BIZ_TYPE,
} from '@portal/domain/files/rules';
import { LABELS } from '@portal/domain/hospital-tasks/rules';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';
import { FormField } from './FormFields.tsx';

/** Hospital photos: exactly 4 promo pictures (png, jpg, jpeg, bmp; 10 MB; names up to 100 characters). */
export function PhotosSection() {
  const { t } = useTranslation('hospital-tasks');
  const { values, change, text } = useHospitalForm();
  return (
    <Card
      title={t('form.sections.photos')}
      id="hospital-form-section-photos"
      className="hospital-form-section"
    >
      <FormField
        path="photos"
        label={LABELS.photos}
        required
        extra={t('form.photos.hint', { count: PHOTO_COUNT })}
      >
        <div id={fieldId('photos')}>
          <FileUpload
            value={values.photoList}
            onChange={(files: TUploadedFile[]) => change('photoList', files)}
            bucket={PHOTO_BUCKET}
            bizType={PHOTO_BIZ_TYPE}
            listType="picture-card"
            label={text(LABELS.photos)}
          />
        </div>
      </FormField>
    </Card>
  );
}

/** Attachments of an update-hospital task (pdf, Word, Excel, pictures; 200 MB in all; names up to 100 bytes). */
export function AttachmentsSection() {
  const { t } = useTranslation('hospital-tasks');
  const { values, change, text } = useHospitalForm();
  return (
    <Card
      title={t('form.sections.attachments')}
      id="hospital-form-section-attachments"
      className="hospital-form-section"
    >
      <FormField path="attaches" label={LABELS.attaches} extra={t('form.attachments.hint')}>
        <div id={fieldId('attaches')}>
          <FileUpload
            value={values.attacheList}
            onChange={(files: TUploadedFile[]) => change('attacheList', files)}
            bucket={PHOTO_BUCKET}
            bizType={PROVIDER_TASK_ATTACH_BIZ_TYPE}
            listType="text"
            label={text(LABELS.attaches)}
          />
        </div>
      </FormField>
    </Card>
  );
}
