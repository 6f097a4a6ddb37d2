import { YES_NO } from '@portal/domain/dictionaries/codes';
import { DOCTOR_GENDER, PROFESSIONAL_LEVEL } from '@portal/domain/doctors/codes';
import {
  DOCTOR_LIMITS,
  doctorSubmitIssues,
  type TDoctorForm,
  ZDoctorForm,
} from '@portal/domain/doctors/rules';
import type { TTaskFile } from '@portal/domain/hospital-tasks/api';
import { CHOICE_CODE_TYPES } from '@portal/domain/hospital-tasks/rules';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import { Button, Card, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DepartmentPickerDialog,
  DepartmentTags,
} from '../../../components/change-tasks/DepartmentPicker.tsx';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { DictSelect } from '../../dictionaries/components/DictSelect.tsx';

/** Upload type of doctor photos: jpg, jpeg or png up to 10 MB (spec section 5). */
export const DOCTOR_PHOTO_BIZ_TYPE = 'DOCTOR_PHOTO';

/** The form's values: the domain form, with the photo as an upload list and the date as a day. */
export type TDoctorFormValues = Omit<TDoctorForm, 'photo' | 'practiceEndDate'> & {
  photoFiles: TUploadedFile[];
  practiceEndDate: Dayjs | null;
};

/** The values shown for a doctor form (empty, approved doctor, or task). */
export function toFormValues(form: Partial<TDoctorForm>, photoFile: TTaskFile | null): TDoctorFormValues {
  const empty = ZDoctorForm.omit({ certificateNo: true }).parse({});
  const { photo: _photo, practiceEndDate, ...rest } = { ...empty, certificateNo: '', ...form };
  return {
    ...rest,
    photoFiles: photoFile ? [photoFile] : [],
    practiceEndDate: practiceEndDate ? dayjs(practiceEndDate) : null,
  };
}

/** The domain form of the values, as the server takes it. */
export function fromFormValues(values: TDoctorFormValues): TDoctorForm {
  const { photoFiles, practiceEndDate, ...rest } = values;
  return {
    ...rest,
    photo: photoFiles.at(-1)?.id ?? '',
    practiceEndDate: practiceEndDate ? practiceEndDate.format('YYYY-MM-DD') : '',
  };
}

/** Whether the values differ from those the form opened with (what Cancel would lose). */
export function hasUnsavedChanges(initial: TDoctorFormValues, current: TDoctorFormValues): boolean {
  return (
    JSON.stringify(fromFormValues({ ...initial, ...current })) !== JSON.stringify(fromFormValues(initial))
  );
}

const shape = ZDoctorForm.shape;
const TEXTS = ['cnLastName', 'cnFirstName', 'enLastName', 'enFirstName'] as const;
const LONG_TEXTS = ['expertiseCn', 'expertiseEn', 'serviceOverviewCn', 'serviceOverviewEn'] as const;

/** A department field: the chosen departments as tags and the department picker dialog. */
function DepartmentField({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('doctors');
  const [open, setOpen] = useState(false);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <DepartmentTags value={value} onRemove={(code) => onChange?.(value.filter((c) => c !== code))} />
      <Button onClick={() => setOpen(true)}>{t('form.chooseDepartments')}</Button>
      <DepartmentPickerDialog
        open={open}
        value={value}
        onOk={(codes) => {
          onChange?.(codes);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </Space>
  );
}

/**
 * The doctor form (section 3 fields): Save keeps a draft (only the certificate number
 * required, format rules apply), Submit checks the required fields first. The certificate
 * number cannot change on an update. Cancel with unsaved changes asks, like the hospital form,
 * whether to save them as a draft (then leave), discard them (leave) or stay (closing the
 * dialog or Escape); without changes it leaves at once.
 */
export function DoctorForm({
  initial,
  lockCertificate,
  saving,
  onSave,
  onCancel,
}: {
  initial: TDoctorFormValues;
  lockCertificate: boolean;
  saving: boolean;
  /** `leaving`: the save comes from Cancel's dialog, which leaves the form afterwards. */
  onSave: (form: TDoctorForm, submit: boolean, leaving?: boolean) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [noticeOpen, setNoticeOpen] = useState(false);
  const { t } = useTranslation('doctors');
  const lang = useLanguage();
  const [form] = Form.useForm<TDoctorFormValues>();
  const codeOptions = (table: Record<string, { code: string; zh: string; en: string }>) =>
    Object.values(table).map((e) => ({ value: e.code, label: e[lang] }));

  /** Save (a draft) or submit; true when the server took it. */
  const run = async (submit: boolean, leaving = false): Promise<boolean> => {
    let values: TDoctorFormValues;
    try {
      values = await form.validateFields();
    } catch {
      form.scrollToField(form.getFieldsError().find((f) => f.errors.length)?.name ?? 'certificateNo');
      return false;
    }
    const domain = fromFormValues(values);
    if (submit) {
      const issues = doctorSubmitIssues(domain);
      if (issues.length > 0) {
        const en = currentLanguage() === 'en';
        form.setFields(
          issues.map((i) => {
            const pair = parseBilingual(i.message);
            return { name: i.path as keyof TDoctorFormValues, errors: [en ? pair.en : pair.zh] };
          }),
        );
        form.scrollToField(issues[0].path as keyof TDoctorFormValues);
        return false;
      }
    }
    try {
      await onSave(domain, submit, leaving);
      return true;
    } catch (error) {
      applyServerFieldErrors(form, error);
      return false;
    }
  };

  const cancel = () => {
    if (hasUnsavedChanges(initial, form.getFieldsValue(true))) setNoticeOpen(true);
    else onCancel();
  };
  const notice = {
    /** Save draft: saved, then leave; a refused save stays on the form with its messages. */
    save: async () => {
      setNoticeOpen(false);
      if (await run(false, true)) onCancel();
    },
    discard: () => {
      setNoticeOpen(false);
      onCancel();
    },
    stay: () => setNoticeOpen(false),
  };

  return (
    <Form<TDoctorFormValues>
      form={form}
      name="doctorForm"
      layout="vertical"
      initialValues={initial}
      scrollToFirstError
    >
      <Card title={t('form.sections.basic')} className="doctor-card">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="certificateNo"
              label={t('fields.certificateNo')}
              required
              rules={[zodRule(shape.certificateNo)]}
            >
              <Input maxLength={DOCTOR_LIMITS.certificateNo} disabled={lockCertificate} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('fields.gender')} required>
              <Radio.Group options={codeOptions(DOCTOR_GENDER)} />
            </Form.Item>
          </Col>
          {TEXTS.map((field) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item name={field} label={t(`fields.${field}`)} required rules={[zodRule(shape[field])]}>
                <Input maxLength={field.startsWith('cn') ? DOCTOR_LIMITS.cnName : DOCTOR_LIMITS.enName} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item name="professionalLevel" label={t('fields.professionalLevel')} required>
              <Select options={codeOptions(PROFESSIONAL_LEVEL)} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="languages" label={t('fields.languages')} required>
              <DictSelect codeType={CHOICE_CODE_TYPES.languages} mode="multiple" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="multiPractice" label={t('fields.multiPractice')} required>
              <Radio.Group options={codeOptions(YES_NO)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="externalDisplay" label={t('fields.externalDisplay')} required>
              <Radio.Group options={codeOptions(YES_NO)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="practiceEndDate" label={t('fields.practiceEndDate')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="collectors" label={t('fields.collectors')}>
              <Select
                mode="tags"
                maxCount={DOCTOR_LIMITS.collectors}
                open={false}
                tokenSeparators={[',', '，']}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.sections.practice')} className="doctor-card" style={{ marginTop: 16 }}>
        <Form.Item name="departments" label={t('fields.departments')} required>
          <DepartmentField />
        </Form.Item>
        <Row gutter={16}>
          {LONG_TEXTS.map((field) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item name={field} label={t(`fields.${field}`)} rules={[zodRule(shape[field])]}>
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  maxLength={DOCTOR_LIMITS.expertise}
                  showCount
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('form.sections.photo')} className="doctor-card" style={{ marginTop: 16 }}>
        <Form.Item name="photoFiles" label={t('fields.photo')}>
          <FileUpload bucket="drsystem" bizType={DOCTOR_PHOTO_BIZ_TYPE} label={t('form.choosePhoto')} />
        </Form.Item>
      </Card>
      <Space
        className="doctor-form-footer"
        style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}
      >
        <Button onClick={cancel}>{t('form.cancel')}</Button>
        <Button onClick={() => void run(false)} loading={saving}>
          {t('form.save')}
        </Button>
        <Button type="primary" onClick={() => void run(true)} loading={saving}>
          {t('form.submit')}
        </Button>
      </Space>
      <Modal
        open={noticeOpen}
        title={t('form.notice.title')}
        onCancel={notice.stay}
        mask={{ closable: false }}
        destroyOnHidden
        footer={[
          <Button key="stay" onClick={notice.stay}>
            {t('form.notice.stay')}
          </Button>,
          <Button key="discard" danger onClick={notice.discard}>
            {t('form.notice.discard')}
          </Button>,
          <Button key="save" type="primary" autoFocus onClick={() => void notice.save()}>
            {t('form.notice.save')}
          </Button>,
        ]}
      >
        {t('form.notice.content')}
      </Modal>
    </Form>
  );
}
