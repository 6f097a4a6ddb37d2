import {
  APPOINTMENT_EDIT,
  PATIENT_QUERY_MESSAGE,
  type TPatient,
  type TPatientQuery,
  ZVisitRegistration,
} from '@portal/domain/appointments/rules';
import { ERRORS } from '@portal/domain/errors/catalogue';
import { chinaDay, sexLabel } from '@portal/domain/format/format';
import { bilingual } from '@portal/domain/i18n/bilingual';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { applyServerFieldErrors, issueText, zodRule } from '../../../lib/zod-form.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { MemberCell, MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { usePatientSearch, useRegisterVisit } from '../api/patients.ts';
import { useRelaProviders } from '../api/rela-providers.ts';
import { RelaProviderSelect } from '../components/RelaProviderSelect.tsx';

interface TSearchValues {
  providerId?: string;
  name?: string;
  birthday?: Dayjs | null;
  cardNumber?: string;
}

interface TVisitValues {
  coverage: string;
  visitDate: Dayjs;
  visitTime?: Dayjs | null;
  department: string;
  doctor?: string;
  remark?: string;
}

const shape = ZVisitRegistration.shape;
const PROVIDER_REQUIRED = bilingual(ERRORS.APPOINT_PROVIDER_REQUIRED.zh, ERRORS.APPOINT_PROVIDER_REQUIRED.en);

/** Outpatient in yuan when the policy has it (the usual desk visit), else the first coverage. */
function defaultCoverage(patient: TPatient): string {
  const pick =
    patient.coverages.find((c) => c.coverageCode === 'OP' && c.currency === 'CNY') ?? patient.coverages[0];
  return pick ? `${pick.coverageCode}:${pick.currency}` : '';
}

/** The visit form of one member: coverage, day and time, department, doctor, remark. */
function RegisterVisitModal({
  patient,
  providerId,
  onClose,
}: {
  patient: TPatient | null;
  providerId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const [form] = Form.useForm<TVisitValues>();
  const register = useRegisterVisit();
  const name = patient ? pickLanguage(patient.name, patient.nameEn) : '';
  const submit = async () => {
    if (!patient) return;
    // The form shows what is wrong beside each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const [coverageCode, currency] = values.coverage.split(':');
    try {
      const saved = await register.mutateAsync({
        providerId,
        memberId: patient.memberId,
        coverageCode,
        currency,
        visitDate: values.visitDate.format('YYYY-MM-DD'),
        visitTime: values.visitTime ? values.visitTime.format('HH:mm') : undefined,
        department: values.department,
        doctor: values.doctor,
        remark: values.remark,
      });
      feedback.success(t('registration.registered', { appointNo: saved.appointNo }));
      onClose();
      navigate(`/appointment/detail?id=${saved.id}`);
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={patient !== null}
      title={t('registration.registerTitle', { name })}
      okText={t('registration.register')}
      cancelText={t('actions.cancelButton')}
      confirmLoading={register.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {patient && (
        <Form<TVisitValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            coverage: defaultCoverage(patient),
            visitDate: dayjs(chinaDay()),
          }}
        >
          <Form.Item name="coverage" label={t('registration.coverage')} rules={[{ required: true }]}>
            <Select
              options={patient.coverages.map((c) => ({
                value: `${c.coverageCode}:${c.currency}`,
                label: `${c.coverageCode} · ${c.currency}`,
              }))}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="visitDate" label={t('fields.visitDate')} rules={[{ required: true }]}>
              <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') < chinaDay()} allowClear={false} />
            </Form.Item>
            <Form.Item name="visitTime" label={t('fields.visitTime')}>
              <TimePicker format="HH:mm" minuteStep={5} />
            </Form.Item>
          </Space>
          <Form.Item
            name="department"
            label={t('fields.department')}
            required
            rules={[zodRule(shape.department)]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="doctor" label={t('fields.doctor')} rules={[zodRule(shape.doctor)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(shape.remark)]}>
            <Input.TextArea maxLength={1000} rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Patient registration: find a member of the provider's plans, then register the visit. */
export function PatientRegistrationPage() {
  const { t } = useTranslation('appointments');
  const lang = useLanguage();
  const mobile = useIsMobile();
  const tableRegion = useScrollRegion<HTMLDivElement>(t('registration.title'));
  const allowed = usePermission().has(APPOINTMENT_EDIT);
  const [form] = Form.useForm<TSearchValues>();
  const search = usePatientSearch();
  const [chosen, setChosen] = useState<TPatient | null>(null);
  const [providerId, setProviderId] = useState<string | undefined>(undefined);
  const providers = useRelaProviders();
  // Operators work for several providers and say which one registers; staff have their own.
  const choosesProvider = (providers.data?.length ?? 0) > 1;
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;

  const columns: TableColumnsType<TPatient> = [
    { key: 'memberId', title: t('fields.memberId'), dataIndex: 'memberId', width: 120 },
    {
      key: 'name',
      title: t('registration.name'),
      render: (_, r) => <MemberNameCell memberId={r.memberId} name={r.name} nameEn={r.nameEn} />,
    },
    {
      key: 'birthday',
      title: t('registration.birthday'),
      width: 150,
      render: (_, r) => <MemberCell memberId={r.memberId} field="birthday" value={r.birthday} />,
    },
    { key: 'sex', title: t('registration.sex'), width: 70, render: (_, r) => sexLabel(r.sex, lang) },
    {
      key: 'card',
      title: t('registration.cardNumber'),
      width: 150,
      render: (_, r) => <MemberCell memberId={r.memberId} field="cardNumber" value={r.cardNumber} />,
    },
    {
      key: 'plan',
      title: t('registration.plan'),
      render: (_, r) => `${pickLanguage(r.planName, r.planNameEn)} (${r.grpPlanCode})`,
    },
    {
      key: 'policy',
      title: t('registration.policy'),
      render: (_, r) => `${r.policyNo} · ${r.validFrom} ~ ${r.validTo}`,
    },
    {
      key: 'coverages',
      title: t('registration.coverage'),
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.coverages.map((c) => (
            <Tag key={`${c.coverageCode}:${c.currency}`}>{`${c.coverageCode} ${c.currency}`}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'db',
      title: t('registration.directBilling'),
      width: 90,
      render: (_, r) => (r.directBilling ? t('registration.yes') : t('registration.no')),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 120,
      render: (_, r) => (
        <Button
          type="link"
          onClick={() => setChosen(r)}
          aria-label={`${t('registration.register')} ${r.memberId}`}
        >
          {t('registration.register')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('registration.title')}>
      <Alert type="info" showIcon message={t('registration.hint')} style={{ marginBottom: 16 }} />
      <Form<TSearchValues>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          const query: TPatientQuery = {
            providerId: choosesProvider ? values.providerId : undefined,
            name: values.name?.trim() || undefined,
            birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : undefined,
            cardNumber: values.cardNumber?.trim() || undefined,
          };
          if (!(query.name && query.birthday) && !query.cardNumber) {
            feedback.warning(issueText(PATIENT_QUERY_MESSAGE));
            return;
          }
          setProviderId(query.providerId);
          search.mutate(query);
        }}
      >
        {choosesProvider && (
          <Form.Item
            name="providerId"
            label={t('list.filter.providerIds')}
            rules={[{ required: true, message: issueText(PROVIDER_REQUIRED) }]}
          >
            <RelaProviderSelect style={{ width: 220 }} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('registration.name')}>
          <Input allowClear maxLength={100} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="birthday" label={t('registration.birthday')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="cardNumber" label={t('registration.cardNumber')}>
          <Input allowClear maxLength={64} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={search.isPending}>
              {t('registration.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search.reset();
              }}
            >
              {t('registration.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div ref={tableRegion}>
        <Table<TPatient>
          rowKey={(r) => `${r.memberId}:${r.policyNo}`}
          size="middle"
          columns={columns}
          dataSource={search.data ?? []}
          loading={search.isPending}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={search.data ? t('registration.empty') : t('registration.notSearched')}
              />
            ),
          }}
          scroll={{ x: 1100 }}
        />
      </div>
      <RegisterVisitModal patient={chosen} providerId={providerId} onClose={() => setChosen(null)} />
    </Card>
  );
}
