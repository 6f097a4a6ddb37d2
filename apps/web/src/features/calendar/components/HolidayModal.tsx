import {
  CALENDAR_LIMITS,
  kindFitsDay,
  type TCalendarDayRecord,
  ZCalendarDayInput,
} from '@portal/domain/calendar/rules';
import { CALENDAR_DAY_KINDS, type TCalendarDayKind } from '@portal/domain/calendar/working-days';
import { App, DatePicker, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../lib/use-on-open.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useAddHoliday } from '../api/add-holiday.ts';
import { useUpdateHoliday } from '../api/update-holiday.ts';

interface TValues {
  day: Dayjs | null;
  kind: TCalendarDayKind;
  name: string;
  nameEn: string;
}

export type THolidayEdit = { mode: 'add'; year: number } | { mode: 'edit'; record: TCalendarDayRecord };

export interface HolidayModalProps {
  edit: THolidayEdit | null;
  onClose: () => void;
}

const fields = ZCalendarDayInput.shape;

/** Adds a holiday or an adjusted working day, or changes one. */
export function HolidayModal({ edit, onClose }: HolidayModalProps) {
  const { t } = useTranslation('calendar');
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const add = useAddHoliday();
  const update = useUpdateHoliday();

  useOnOpen(edit !== null, edit, () => {
    if (!edit) return;
    form.resetFields();
    form.setFieldsValue(
      edit.mode === 'edit'
        ? {
            day: dayjs(edit.record.day),
            kind: edit.record.kind,
            name: edit.record.name,
            nameEn: edit.record.nameEn,
          }
        : { day: null, kind: 'holiday', name: '', nameEn: '' },
    );
  });

  const submit = async () => {
    if (!edit) return;
    const values = await form.validateFields().catch(() => null);
    if (!values?.day) return;
    const input = { ...values, day: values.day.format('YYYY-MM-DD') };
    try {
      if (edit.mode === 'edit')
        await update.mutateAsync({ ...input, id: edit.record.id, version: edit.record.version });
      else await add.mutateAsync(input);
      message.success(t('messages.saved', { day: input.day }));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };

  const weekendOnly = {
    validator: async (_rule: unknown, kind: TCalendarDayKind) => {
      const day = form.getFieldValue('day') as Dayjs | null;
      if (day && kind && !kindFitsDay(day.format('YYYY-MM-DD'), kind))
        throw new Error(t('form.workdayOnWeekend'));
    },
  };

  return (
    <Modal
      open={edit !== null}
      title={edit?.mode === 'edit' ? t('form.editTitle') : t('form.addTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" name="holiday" onFinish={() => void submit()}>
        <Form.Item
          name="day"
          label={t('fields.day')}
          rules={[{ required: true, message: t('form.dayRequired') }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            format="YYYY-MM-DD"
            allowClear={false}
            defaultPickerValue={edit?.mode === 'add' ? dayjs(`${edit.year}-01-01`) : undefined}
            onChange={() => void form.validateFields(['kind']).catch(() => null)}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')} required rules={[zodRule(fields.kind), weekendOnly]}>
          <Radio.Group
            options={CALENDAR_DAY_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(fields.name)]}>
          <Input
            maxLength={CALENDAR_LIMITS.name}
            autoComplete="off"
            placeholder={t('form.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="nameEn" label={t('fields.nameEn')} required rules={[zodRule(fields.nameEn)]}>
          <Input
            maxLength={CALENDAR_LIMITS.nameEn}
            autoComplete="off"
            placeholder={t('form.nameEnPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
