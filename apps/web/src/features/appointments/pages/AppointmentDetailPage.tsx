import {
  APPOINTMENT_EDIT,
  APPOINTMENT_STATUSES,
  APPOINTMENT_VIEW,
  appointmentActionName,
  appointmentStatusName,
  BILLABLE_STATUSES,
  type TAppointment,
  ZSaveAppointment,
  ZVisitConfirmation,
} from '@portal/domain/appointments/rules';
import { chinaDay, formatAmount } from '@portal/domain/format/format';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Space,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MaskedValue, PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useAppointment, useProcessDetail } from '../api/appointment.ts';
import {
  useCancelAppointment,
  useConfirmVisit,
  useFinishAppointment,
  useMarkAppointmentsRead,
  useSaveAppointment,
  useUpdateVisitConfirmation,
} from '../api/appointment-actions.ts';
import { useAppointBill } from '../api/appointment-bill.ts';
import { useAppointmentClient } from '../api/appointment-client.ts';
import { downloadAppointInfoList, downloadClaimBill, downloadClaimForm } from '../api/downloads.ts';
import { AppointmentStatusTag } from '../components/AppointmentStatusTag.tsx';

const S = APPOINTMENT_STATUSES;
const shape = ZVisitConfirmation.shape;

interface TConfirmValues {
  diagnosis: string;
  billAmount: string;
  remark?: string;
}

/** The visit confirmation (or its update): diagnosis, bill amount and remark. */
function ConfirmationModal({
  appointment,
  mode,
  onClose,
}: {
  appointment: TAppointment;
  mode: 'confirm' | 'updateConfirmation' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const [form] = Form.useForm<TConfirmValues>();
  const confirm = useConfirmVisit();
  const update = useUpdateVisitConfirmation();
  const pending = confirm.isPending || update.isPending;
  const submit = async () => {
    // The form shows what is wrong beside each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = { id: appointment.id, version: appointment.version, ...values };
    try {
      if (mode === 'confirm') await confirm.mutateAsync(input);
      else await update.mutateAsync(input);
      feedback.success(t(mode === 'confirm' ? 'actions.confirmed' : 'actions.updated'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={mode !== null}
      title={mode ? t(`actions.${mode}`) : ''}
      okText={t('actions.ok')}
      cancelText={t('actions.cancelButton')}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TConfirmValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          mode === 'updateConfirmation'
            ? {
                diagnosis: appointment.diagnosis,
                billAmount: appointment.billAmount ?? '',
                remark: appointment.confirmRemark,
              }
            : {}
        }
      >
        <Form.Item name="diagnosis" label={t('fields.diagnosis')} rules={[zodRule(shape.diagnosis)]}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="billAmount"
          label={`${t('fields.billAmount')} (${appointment.currency})`}
          rules={[zodRule(shape.billAmount)]}
        >
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(shape.remark)]}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface TEditValues {
  visitDate: Dayjs;
  visitTime?: Dayjs | null;
  department: string;
  doctor?: string;
  remark?: string;
}
const editShape = ZSaveAppointment.shape;

/** Changes an appointment still to be treated (saveAppointMentInfo): day, time, department, doctor, remark. */
function EditModal({
  appointment,
  open,
  onClose,
}: {
  appointment: TAppointment;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('appointments');
  const [form] = Form.useForm<TEditValues>();
  const save = useSaveAppointment();
  const submit = async () => {
    // The form shows what is wrong beside each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: appointment.id,
        version: appointment.version,
        memberId: appointment.memberId,
        coverageCode: appointment.coverageCode,
        currency: appointment.currency,
        visitDate: values.visitDate.format('YYYY-MM-DD'),
        visitTime: values.visitTime ? values.visitTime.format('HH:mm') : undefined,
        department: values.department,
        doctor: values.doctor,
        remark: values.remark,
      });
      feedback.success(t('actions.saved'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('actions.edit')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancelButton')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TEditValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          visitDate: dayjs(appointment.visitDate),
          visitTime: appointment.visitTime ? dayjs(`2000-01-01 ${appointment.visitTime}`) : null,
          department: appointment.department,
          doctor: appointment.doctor,
          remark: appointment.remark,
        }}
      >
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
          rules={[zodRule(editShape.department)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="doctor" label={t('fields.doctor')} rules={[zodRule(editShape.doctor)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(editShape.remark)]}>
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BillCard({ appointment }: { appointment: TAppointment }) {
  const { t } = useTranslation('appointments');
  const [shown, setShown] = useState(false);
  const bill = useAppointBill(appointment.id, shown);
  const billable = BILLABLE_STATUSES.includes(appointment.status as never);
  if (!billable) return null;
  const money = (v: string | null) =>
    v === null ? t('bill.unlimited') : `${bill.data?.currency} ${formatAmount(v)}`;
  return (
    <Card
      size="small"
      title={t('detail.bill')}
      style={{ marginTop: 16 }}
      extra={
        <Button onClick={() => (shown ? void bill.refetch() : setShown(true))} loading={bill.isFetching}>
          {t('actions.retrieveBill')}
        </Button>
      }
    >
      {!shown ? null : bill.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : bill.isError ? (
        <LoadFailed
          error={bill.error}
          title={t('detail.loadFailed')}
          onRetry={() => void bill.refetch()}
          backTo="/appointment/list"
          backLabel={t('detail.back')}
        />
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('bill.billAmount')}>{money(bill.data.billAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('bill.coPayPercent')}>{bill.data.coPayPercent}</Descriptions.Item>
          <Descriptions.Item label={t('bill.perVisitLimit')}>
            {money(bill.data.perVisitLimit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.coPayAmount')}>{money(bill.data.coPayAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('bill.overLimitAmount')}>
            {money(bill.data.overLimitAmount)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.payableByPlan')}>
            <strong>{money(bill.data.payableByPlan)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.payableByMember')}>
            {money(bill.data.payableByMember)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function ProcessCard({ id }: { id: string }) {
  const { t } = useTranslation('appointments');
  const lang = useLanguage();
  const process = useProcessDetail(id);
  return (
    <Card size="small" title={t('detail.process')} style={{ marginTop: 16 }}>
      {process.isPending ? (
        <Skeleton active />
      ) : process.isError ? (
        <LoadFailed
          error={process.error}
          title={t('detail.loadFailed')}
          onRetry={() => void process.refetch()}
          backTo="/appointment/list"
          backLabel={t('detail.back')}
        />
      ) : process.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noProcess')} />
      ) : (
        <Timeline
          defaultExpanded
          items={process.data.map((row) => ({
            key: row.id,
            title: row.createTime,
            content: (
              <div>
                <strong>{appointmentActionName(row.action, lang)}</strong>
                {' · '}
                {appointmentStatusName(row.toStatus, lang)}
                {' · '}
                {pickLanguage(row.operatorName, row.operatorNameEn)}
                {row.remark ? <div style={{ color: '#595959' }}>{row.remark}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}

function Actions({ appointment }: { appointment: TAppointment }) {
  const { t } = useTranslation('appointments');
  const canEdit = usePermission().has(APPOINTMENT_EDIT);
  const [mode, setMode] = useState<'confirm' | 'updateConfirmation' | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const cancel = useCancelAppointment();
  const finish = useFinishAppointment();
  const billable = BILLABLE_STATUSES.includes(appointment.status as never);
  const download = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
      feedback.success(t('actions.downloaded'));
    } catch {
      // the http client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const ask = async (kind: 'cancel' | 'finish') => {
    const ok = await feedback.confirm({
      title: t(`actions.${kind}ConfirmTitle`, { appointNo: appointment.appointNo }),
      content: t(`actions.${kind}ConfirmContent`),
      okText: t('actions.ok'),
      cancelText: t('actions.cancelButton'),
      danger: kind === 'cancel',
    });
    if (!ok) return;
    const input = { id: appointment.id, version: appointment.version };
    try {
      if (kind === 'cancel') await cancel.mutateAsync(input);
      else await finish.mutateAsync(input);
      feedback.success(t(kind === 'cancel' ? 'actions.cancelled' : 'actions.finished'));
    } catch {
      // shown by the http client
    }
  };
  return (
    <>
      <Flex gap={8} wrap>
        {canEdit && appointment.status === S.TO_BE_TREATED.code && (
          <>
            <Button type="primary" onClick={() => setMode('confirm')}>
              {t('actions.confirm')}
            </Button>
            <Button onClick={() => setEditing(true)}>{t('actions.edit')}</Button>
            <Button danger loading={cancel.isPending} onClick={() => void ask('cancel')}>
              {t('actions.cancel')}
            </Button>
          </>
        )}
        {canEdit && appointment.status === S.CONFIRMED.code && (
          <>
            <Button onClick={() => setMode('updateConfirmation')}>{t('actions.updateConfirmation')}</Button>
            <Button loading={finish.isPending} onClick={() => void ask('finish')}>
              {t('actions.finish')}
            </Button>
          </>
        )}
        {billable && (
          <>
            <Button
              type={appointment.status === S.CONFIRMED.code ? 'default' : 'primary'}
              loading={busy === 'form'}
              onClick={() => void download('form', () => downloadClaimForm([appointment.id]))}
            >
              {t('actions.claimForm')}
            </Button>
            <Button
              loading={busy === 'bill'}
              onClick={() => void download('bill', () => downloadClaimBill(appointment.id))}
            >
              {t('actions.claimBill')}
            </Button>
          </>
        )}
        <Button
          loading={busy === 'info'}
          onClick={() => void download('info', () => downloadAppointInfoList([appointment.id]))}
        >
          {t('actions.exportOne')}
        </Button>
      </Flex>
      <ConfirmationModal appointment={appointment} mode={mode} onClose={() => setMode(null)} />
      <EditModal appointment={appointment} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}

function Detail({ id, processFirst }: { id: string; processFirst: boolean }) {
  const { t } = useTranslation('appointments');
  const english = useLanguage() === 'en';
  const query = useAppointment(id);
  const client = useAppointmentClient(id);
  const a = query.data;
  const markRead = useMarkAppointmentsRead();
  useEffect(() => {
    if (a && !a.haveRead) void markRead([a.id]);
  }, [a, markRead]);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !a)
    return (
      <LoadFailed
        error={query.error}
        title={t('detail.loadFailed')}
        onRetry={() => void query.refetch()}
        backTo="/appointment/list"
        backLabel={t('detail.back')}
      />
    );
  const c = client.data;
  const info = (
    <PersonalDataProvider target={{ bizType: 'appointment', bizId: a.id }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={t('detail.info')}
        extra={<AppointmentStatusTag status={a.status} />}
      >
        <Descriptions.Item label={t('fields.appointNo')}>{a.appointNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.member')}>
          <MaskedValue
            field={english && a.memberNameEn ? 'memberNameEn' : 'memberName'}
            kind="name"
            value={pickLanguage(a.memberName, a.memberNameEn)}
            toggle
            masked
          />{' '}
          ({a.memberId})
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.birthday')}>
          <MaskedValue field="patientBirthday" kind="birthday" value={a.patientBirthday} toggle masked />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.provider')}>
          {pickLanguage(a.providerCnName, a.providerEnName)} ({a.providerId})
        </Descriptions.Item>
        <Descriptions.Item
          label={t('fields.coverage')}
        >{`${a.coverageCode} · ${a.currency}`}</Descriptions.Item>
        <Descriptions.Item label={t('fields.visitDate')}>
          {`${a.visitDate} ${a.visitTime}`.trim()}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.department')}>{a.department}</Descriptions.Item>
        <Descriptions.Item label={t('fields.doctor')}>{a.doctor || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.source')}>{t(`source.${a.source}`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.diagnosis')}>{a.diagnosis || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.billAmount')}>
          {a.billAmount ? `${a.currency} ${formatAmount(a.billAmount)}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.confirmedAt')}>{a.confirmedAt ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createTime')}>{a.createTime}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')} span={2}>
          {a.remark || '-'}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        title={t('detail.client')}
        style={{ marginTop: 16 }}
      >
        <Descriptions.Item label={t('fields.customer')}>
          {c ? `${pickLanguage(c.name, c.nameEn)} (${c.customerId})` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.plan')}>
          {c ? `${pickLanguage(c.planName, c.planNameEn)} (${c.grpPlanCode})` : a.grpPlanCode}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.policyNo')}>{a.policyNo}</Descriptions.Item>
        <Descriptions.Item label={t('fields.validity')}>
          {c ? `${c.validFrom} ~ ${c.validTo}` : '-'}
        </Descriptions.Item>
      </Descriptions>
    </PersonalDataProvider>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Actions appointment={a} />
      {processFirst ? <ProcessCard id={a.id} /> : info}
      {processFirst ? info : null}
      <BillCard appointment={a} />
      {processFirst ? null : <ProcessCard id={a.id} />}
    </Space>
  );
}

/** /appointment/detail and /appointment/processDetail (?id=): both titled appointment details. */
function AppointmentDetailScreen({ processFirst }: { processFirst: boolean }) {
  const { t } = useTranslation('appointments');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('id') ?? '';
  const allowed = usePermission().has(APPOINTMENT_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card
      title={t('detail.title')}
      extra={
        <Button type="link" onClick={() => navigate(-1)}>
          {t('detail.back')}
        </Button>
      }
    >
      {id ? <Detail id={id} processFirst={processFirst} /> : <Empty description={t('detail.missing')} />}
    </Card>
  );
}

export function AppointmentDetailPage() {
  return <AppointmentDetailScreen processFirst={false} />;
}

export function AppointmentProcessDetailPage() {
  return <AppointmentDetailScreen processFirst />;
}
