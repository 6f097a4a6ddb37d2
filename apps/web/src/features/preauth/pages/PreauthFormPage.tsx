import { chinaDay } from '@portal/domain/format/format';
import type { TMemberHit } from '@portal/domain/members/rules';
import {
  PREAUTH_CASE_HANDLER,
  PREAUTH_VISIT_TYPE,
  type TPreauthCase,
  VISIT_WINDOW_MESSAGE,
  visitWithinWindow,
  ZPreauthForm,
} from '@portal/domain/preauth/rules';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Table,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, issueText, zodRule } from '../../../lib/zod-form.ts';
import { useMemberSearch } from '../../members/api/member-search.ts';
import { useCoverages } from '../api/coverages.ts';
import { useSavePreauth, useSubmitPreauth } from '../api/preauth-actions.ts';
import { usePreauthDetail } from '../api/preauth-detail.ts';
import { DepartmentInput, DoctorInput } from '../care-team.tsx';

interface TValues {
  coverageCode?: string;
  currency?: string;
  visitType?: string;
  visitDate?: Dayjs | null;
  lengthOfStay?: number | null;
  department?: string;
  doctor?: string;
  estimatedCost?: string;
  icdCodes?: string[];
  caseHandler?: string;
  remark?: string;
  files?: TUploadedFile[];
}

const shape = ZPreauthForm.shape;
type TMember = Pick<TMemberHit, 'memberId' | 'name' | 'nameEn' | 'customId' | 'grpPlanCode' | 'policyNo'>;

/** The values of the form as the save call takes them (the server checks them again). */
export function toPayload(member: TMember, v: TValues) {
  return {
    memberId: member.memberId,
    coverageCode: v.coverageCode ?? '',
    currency: v.currency ?? '',
    visitType: v.visitType ?? '',
    visitDate: v.visitDate ? v.visitDate.format('YYYY-MM-DD') : '',
    lengthOfStay: v.lengthOfStay ?? 0,
    department: v.department ?? '',
    doctor: v.doctor ?? '',
    estimatedCost: String(v.estimatedCost ?? '').trim(),
    icdCodes: v.icdCodes ?? [],
    caseHandler: v.caseHandler ?? '',
    remark: v.remark ?? '',
    fileIds: (v.files ?? []).map((f) => f.fileId ?? f.id),
  };
}

/** Searches members of the plans the provider serves and picks one. */
function MemberPicker({ onPick }: { onPick: (m: TMember) => void }) {
  const { t } = useTranslation('preauth');
  const [body, setBody] = useState<{ name: string; birthday: string; cardNumber: string } | null>(null);
  const search = useMemberSearch(body);
  const [form] = Form.useForm<{ name?: string; birthday?: Dayjs | null; cardNumber?: string }>();
  return (
    <Card size="small" title={t('form.member.title')}>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          setBody({
            name: v.name?.trim() ?? '',
            birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
            cardNumber: v.cardNumber?.trim() ?? '',
          })
        }
      >
        <Form.Item name="name" label={t('form.member.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="birthday" label={t('form.member.birthday')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="cardNumber" label={t('form.member.cardNumber')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={search.isFetching}>
            {t('form.member.search')}
          </Button>
        </Form.Item>
      </Form>
      {body && !search.isFetching && (
        <Table<TMemberHit>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(m) => `${m.memberId}-${m.policyNo}`}
          dataSource={search.data ?? []}
          pagination={false}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.member.none')} />,
          }}
          columns={[
            { title: t('fields.memberId'), dataIndex: 'memberId' },
            { title: t('fields.memberName'), render: (_, m) => pickLanguage(m.name, m.nameEn) },
            { title: t('fields.grpPlanCode'), dataIndex: 'grpPlanCode' },
            { title: t('fields.policyNo'), dataIndex: 'policyNo' },
            {
              title: t('list.actions'),
              render: (_, m) => (
                <Button size="small" onClick={() => onPick(m)} disabled={!m.inForce}>
                  {t('form.member.choose')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The request form: new (/advance/preAuthCreateNew) or an unsubmitted case (/advance/preAuthCreate?id=). */
export function PreauthFormPage() {
  const { t, i18n } = useTranslation('preauth');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const navigate = useNavigate();
  const existing = usePreauthDetail('case', id);
  const [member, setMember] = useState<TMember | null>(null);
  const [form] = Form.useForm<TValues>();
  const save = useSavePreauth();
  const submit = useSubmitPreauth();
  const coverageCode = Form.useWatch('coverageCode', form);
  const coverages = useCoverages(
    member
      ? { employeeId: member.memberId, customId: member.customId, grpPlanCode: member.grpPlanCode }
      : null,
  );
  const currencies = coverages.data?.find((c) => c.coverageCode === coverageCode)?.currencies ?? [];

  const loaded: TPreauthCase | undefined = existing.data?.case;
  useEffect(() => {
    if (!loaded) return;
    setMember({
      memberId: loaded.memberId,
      name: loaded.memberName,
      nameEn: loaded.memberNameEn,
      customId: loaded.customerId,
      grpPlanCode: loaded.grpPlanCode,
      policyNo: loaded.policyNo,
    });
    form.setFieldsValue({
      coverageCode: loaded.coverageCode,
      currency: loaded.currency,
      visitType: loaded.visitType,
      visitDate: dayjs(loaded.visitDate),
      lengthOfStay: loaded.lengthOfStay,
      department: loaded.department,
      doctor: loaded.doctor,
      estimatedCost: loaded.estimatedCost,
      icdCodes: loaded.icdCodes,
      caseHandler: loaded.caseHandler,
      remark: loaded.remark,
    });
  }, [loaded, form]);

  if (id && existing.isLoading) return <Spin />;
  if (id && (existing.isError || !loaded)) return <Result status="404" title={t('detail.missing')} />;
  if (loaded && loaded.status !== '01') return <Result status="warning" title={t('form.notEditable')} />;

  const run = async (andSubmit: boolean) => {
    if (!member) return;
    let values: TValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ...toPayload(member, values),
        ...(loaded ? { id: loaded.id, version: loaded.version } : {}),
      });
      if (andSubmit) await submit.mutateAsync({ id: saved.id, version: saved.version });
      feedback.success(t(andSubmit ? 'form.submitted' : 'form.saved'));
      navigate(`/advance/detail?id=${saved.id}`);
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };

  const visitRule = {
    validator: async (_: unknown, value: Dayjs | null | undefined) => {
      if (!value) throw new Error(issueText(JSON.stringify({ zh: '不能为空', en: "Can't be empty" })));
      if (!visitWithinWindow(value.format('YYYY-MM-DD'), chinaDay()))
        throw new Error(issueText(VISIT_WINDOW_MESSAGE));
    },
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t(loaded ? 'form.editTitle' : 'form.title')}>
        {member ? (
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('fields.memberName')}>
              {pickLanguage(member.name, member.nameEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.memberId')}>{member.memberId}</Descriptions.Item>
            <Descriptions.Item label={t('fields.grpPlanCode')}>{member.grpPlanCode}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Alert type="info" showIcon title={t('form.member.first')} />
        )}
        {member && !loaded && (
          <Button type="link" onClick={() => setMember(null)}>
            {t('form.member.change')}
          </Button>
        )}
      </Card>
      {!member && <MemberPicker onPick={setMember} />}
      {member && (
        <Card>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ caseHandler: '02', visitType: '01', lengthOfStay: 0 }}
          >
            <Space wrap size="large" align="start">
              <Form.Item
                name="coverageCode"
                label={t('fields.coverageCode')}
                rules={[zodRule(shape.coverageCode)]}
              >
                <Select
                  style={{ width: 200 }}
                  loading={coverages.isLoading}
                  options={(coverages.data ?? []).map((c) => ({
                    value: c.coverageCode,
                    label: `${c.coverageCode} ${pickLanguage(c.coverageName, c.coverageNameEn)}`,
                  }))}
                  onChange={() => form.setFieldValue('currency', undefined)}
                />
              </Form.Item>
              <Form.Item name="currency" label={t('fields.currency')} rules={[zodRule(shape.currency)]}>
                <Select style={{ width: 120 }} options={currencies.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
              <Form.Item name="visitType" label={t('fields.visitType')} rules={[zodRule(shape.visitType)]}>
                <Select
                  style={{ width: 160 }}
                  options={Object.values(PREAUTH_VISIT_TYPE).map((v) => ({ value: v.code, label: v[lang] }))}
                />
              </Form.Item>
              <Form.Item name="visitDate" label={t('fields.visitDate')} rules={[visitRule]}>
                <DatePicker />
              </Form.Item>
              <Form.Item
                name="lengthOfStay"
                label={t('fields.lengthOfStay')}
                rules={[zodRule(shape.lengthOfStay)]}
              >
                <InputNumber min={0} precision={0} />
              </Form.Item>
            </Space>
            <Space wrap size="large" align="start">
              <Form.Item name="department" label={t('fields.department')} rules={[zodRule(shape.department)]}>
                <DepartmentInput />
              </Form.Item>
              <Form.Item name="doctor" label={t('fields.doctor')} rules={[zodRule(shape.doctor)]}>
                <DoctorInput />
              </Form.Item>
              <Form.Item
                name="estimatedCost"
                label={t('fields.estimatedCost')}
                rules={[zodRule(shape.estimatedCost)]}
              >
                <Input style={{ width: 180 }} inputMode="decimal" />
              </Form.Item>
              <Form.Item name="icdCodes" label={t('fields.icdCodes')} rules={[zodRule(shape.icdCodes)]}>
                <Select mode="tags" style={{ width: 260 }} tokenSeparators={[',', ' ']} open={false} />
              </Form.Item>
            </Space>
            <Form.Item
              name="caseHandler"
              label={t('fields.caseHandler')}
              rules={[zodRule(shape.caseHandler)]}
            >
              <Radio.Group
                options={Object.values(PREAUTH_CASE_HANDLER).map((h) => ({ value: h.code, label: h[lang] }))}
              />
            </Form.Item>
            <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(shape.remark)]}>
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
            <Form.Item name="files" label={t('fields.files')} valuePropName="value">
              <FileUpload bucket="drsystem" bizType="PREAUTH_ATTACH" bizId={loaded?.id} />
            </Form.Item>
            <Space>
              <Button onClick={() => run(false)} loading={save.isPending && !submit.isPending}>
                {t('form.save')}
              </Button>
              <Button type="primary" onClick={() => run(true)} loading={submit.isPending}>
                {t('form.saveAndSubmit')}
              </Button>
              <Button onClick={() => navigate('/preauth/list')}>{t('form.back')}</Button>
            </Space>
          </Form>
        </Card>
      )}
    </Space>
  );
}
