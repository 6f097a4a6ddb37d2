import { RECOMMEND_RATING_MAX } from '@portal/domain/doctors/codes';
import { ZDoctorInfoUpdateBody } from '@portal/domain/doctors/rules';
import { App, Button, Card, Form, Input, Rate, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useOperatorDoctor } from '../api/operator-doctor.ts';
import { useUpdateDoctorInfo } from '../api/update-doctor-info.ts';

interface TValues {
  recommendRating: number;
  recommendNote: string;
}

/** Permission of the operator-only doctor fields (drsystem:info:update). */
export const INFO_UPDATE_PERMISSION = 'drsystem:info:update';

/**
 * The internal recommendation rating (1-5) and note of an approved doctor: operator staff only
 * (provider staff never receive them); editable with drsystem:info:update.
 */
export function RecommendationCard({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation('doctors');
  const { message } = App.useApp();
  const doctor = useOperatorDoctor(doctorId);
  const save = useUpdateDoctorInfo();
  const [form] = Form.useForm<TValues>();
  const canEdit = usePermission().has(INFO_UPDATE_PERMISSION);
  useEffect(() => {
    if (doctor.data)
      form.setFieldsValue({
        recommendRating: doctor.data.recommendRating ?? 0,
        recommendNote: doctor.data.recommendNote ?? '',
      });
  }, [doctor.data, form]);
  const submit = async (values: TValues) => {
    try {
      await save.mutateAsync({
        id: doctorId,
        recommendRating: values.recommendRating ? values.recommendRating : null,
        recommendNote: values.recommendNote ?? '',
        version: doctor.data?.version,
      });
      message.success(t('recommend.saved'));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Card title={t('recommend.title')} className="doctor-card">
      {doctor.isPending ? (
        <Skeleton active />
      ) : (
        <Form<TValues>
          form={form}
          name="doctorRecommend"
          layout="vertical"
          disabled={!canEdit}
          onFinish={submit}
        >
          <Form.Item name="recommendRating" label={t('fields.recommendRating')}>
            <Rate count={RECOMMEND_RATING_MAX} allowClear />
          </Form.Item>
          <Form.Item
            name="recommendNote"
            label={t('fields.recommendNote')}
            rules={[zodRule(ZDoctorInfoUpdateBody.shape.recommendNote)]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} showCount />
          </Form.Item>
          {canEdit && (
            <Button htmlType="submit" loading={save.isPending}>
              {t('recommend.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
