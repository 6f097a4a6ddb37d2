import {
  canCostControl,
  type TCostMeasure,
  ZCostDisagree,
  ZCostPropose,
} from '@portal/domain/cost-control/rules';
import { Alert, Button, Card, DatePicker, Form, Input, Modal, Result, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError } from '../../../lib/http.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useCostDetail, useCostProviders } from '../api/cost-control.ts';
import { useAcceptMeasure, useDisagreeMeasure, useProposeMeasure } from '../api/cost-control-actions.ts';
import { CostStatusTag, costPaths, MeasureTerms, useCostArea } from '../components.tsx';

type TProposalForm = {
  providerId?: string;
  proportion?: string;
  basis?: string;
  period?: [Dayjs, Dayjs] | null;
};

const shape = ZCostPropose.shape;

/** The operator's proposal: a new measure under the page's id, or the next round of a pending or disputed one. */
function ProposalForm({
  id,
  current,
  onDone,
}: {
  id: string;
  current: TCostMeasure | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('cost-control');
  const navigate = useNavigate();
  const [form] = Form.useForm<TProposalForm>();
  const [keyword, setKeyword] = useState(current?.providerId ?? '');
  const providers = useCostProviders(keyword, current === null);
  const propose = useProposeMeasure();
  const chosenId = Form.useWatch('providerId', form);
  const chosen = providers.data?.find((p) => p.providerId === chosenId);
  const send = async () => {
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [from, to] = v.period ?? [];
    try {
      const m = await propose.mutateAsync({
        id,
        ...(current ? { version: current.version } : {}),
        providerId: v.providerId ?? '',
        proportion: (v.proportion ?? '').trim(),
        basis: v.basis ?? '',
        validFrom: from ? from.format('YYYY-MM-DD') : '',
        validTo: to ? to.format('YYYY-MM-DD') : '',
      });
      feedback.success(
        t(m.status === '02' ? 'process.autoAccepted' : 'process.proposed', { measureNo: m.measureNo }),
      );
      onDone();
      navigate(costPaths.detail(id));
    } catch (error) {
      if (applyServerFieldErrors(form, error) && error instanceof ApiError) {
        const fields = (error.data as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors ?? {};
        if ('validFrom' in fields || 'validTo' in fields)
          form.setFields([{ name: 'period', errors: [error.localizedMessage()] }]);
      }
    }
  };
  return (
    <Card
      title={
        current ? (
          <Space>
            {t('process.reviseTitle', { measureNo: current.measureNo })}
            <CostStatusTag status={current.status} />
          </Space>
        ) : (
          t('process.newTitle')
        )
      }
    >
      {current?.reason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('process.disagreedBecause')}
          description={current.reason}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={
          current
            ? {
                providerId: current.providerId,
                proportion: current.proportion,
                basis: current.basis,
                period: [dayjs(current.validFrom), dayjs(current.validTo)],
              }
            : {}
        }
      >
        <Form.Item name="providerId" label={t('fields.provider')} rules={[zodRule(shape.providerId)]}>
          {current ? (
            <Select
              disabled
              options={[
                {
                  value: current.providerId,
                  label: `${current.providerId} ${pickLanguage(current.providerCnName, current.providerEnName)}`,
                },
              ]}
            />
          ) : (
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={t('process.providerPlaceholder')}
              loading={providers.isFetching}
              options={(providers.data ?? []).map((p) => ({
                value: p.providerId,
                disabled: !p.medicalExpense,
                label: `${p.providerId} ${pickLanguage(p.providerCnName, p.providerEnName)}${p.medicalExpense ? '' : ` (${t('process.switchedOff')})`}`,
              }))}
            />
          )}
        </Form.Item>
        {chosen?.autoConfirm && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('process.autoConfirmHint')} />
        )}
        <Form.Item
          name="proportion"
          label={t('fields.proportion')}
          extra={t('process.proportionHint')}
          rules={[zodRule(shape.proportion)]}
        >
          <Input inputMode="decimal" suffix="%" style={{ maxWidth: 200 }} />
        </Form.Item>
        <Form.Item name="basis" label={t('fields.basis')} rules={[zodRule(shape.basis)]}>
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={t('process.basisPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('fields.period')}
          extra={t('process.periodHint')}
          rules={[
            {
              validator: async (_rule, value: [Dayjs, Dayjs] | null | undefined) => {
                if (!value?.[0] || !value[1]) throw new Error(t('process.periodRequired'));
              },
            },
          ]}
        >
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" loading={propose.isPending} onClick={send}>
            {t(current ? 'process.proposeAgain' : 'process.propose')}
          </Button>
          <Button onClick={() => navigate(costPaths.list)}>{t('process.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** The provider's answer to a measure awaiting it: accept, or disagree with a reason. */
function AnswerPanel({ m, onDone }: { m: TCostMeasure; onDone: () => void }) {
  const { t } = useTranslation('cost-control');
  const navigate = useNavigate();
  const accept = useAcceptMeasure();
  const disagree = useDisagreeMeasure();
  const [dialog, setDialog] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const confirmAccept = async () => {
    const yes = await feedback.confirm({
      title: t('process.acceptTitle', { measureNo: m.measureNo }),
      content: t('process.acceptContent', { proportion: m.proportion, from: m.validFrom, to: m.validTo }),
      okText: t('process.confirm'),
      cancelText: t('process.cancelDialog'),
    });
    if (!yes) return;
    await accept.mutateAsync({ id: m.id, version: m.version });
    feedback.success(t('process.accepted'));
    onDone();
    navigate(costPaths.detail(m.id));
  };
  const sendDisagree = async () => {
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await disagree.mutateAsync({ id: m.id, version: m.version, reason: v.reason ?? '' });
      feedback.success(t('process.disagreed'));
      onDone();
      navigate(costPaths.detail(m.id));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Card
      title={
        <Space>
          {t('process.answerTitle', { measureNo: m.measureNo })}
          <CostStatusTag status={m.status} />
        </Space>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('process.answerHint')} />
      <MeasureTerms m={m} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={accept.isPending} onClick={confirmAccept}>
          {t('process.accept')}
        </Button>
        <Button danger onClick={() => setDialog(true)}>
          {t('process.disagree')}
        </Button>
      </Space>
      {dialog && (
        <Modal
          open
          title={t('process.disagreeTitle', { measureNo: m.measureNo })}
          onOk={sendDisagree}
          onCancel={() => setDialog(false)}
          confirmLoading={disagree.isPending}
          okText={t('process.confirm')}
          cancelText={t('process.cancelDialog')}
        >
          <Form form={form} layout="vertical">
            <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(ZCostDisagree.shape.reason)]}>
              <Input.TextArea rows={4} maxLength={1000} showCount />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Card>
  );
}

/**
 * /claim/control/create/:controlManageProportionId, the management process: the operator
 * proposes (a new measure under a generated id, or again after a disagreement); the provider
 * answers. Anything else has nothing to handle and goes to the empty page.
 */
export function CostControlProcessPage() {
  const { t } = useTranslation('cost-control');
  const { controlManageProportionId: id = '' } = useParams();
  const area = useCostArea();
  const { has } = usePermission();
  const detail = useCostDetail(area, id);
  // Once this page has done its step it is on its way to the detail: the refreshed status must
  // not send it to the empty page meanwhile.
  const [done, setDone] = useState(false);
  const onDone = () => setDone(true);
  if (detail.isPending || done) return <Spin />;
  const missing = detail.isError && detail.error instanceof ApiError && detail.error.code === 40490;
  if (detail.isError && !missing) return <Result status="error" title={t('detail.loadFailed')} />;
  const m = detail.data?.measure ?? null;
  if (area === 'audit' && has('claim:controlAudit:edit')) {
    if (m === null) return <ProposalForm key={id} id={id} current={null} onDone={onDone} />;
    if (canCostControl('revise', m.status))
      return <ProposalForm key={`${id}:${m.version}`} id={id} current={m} onDone={onDone} />;
  } else if (area === 'case' && has('claim:control:answer') && m && canCostControl('accept', m.status))
    return <AnswerPanel key={`${id}:${m.version}`} m={m} onDone={onDone} />;
  return <Navigate to={costPaths.empty(id)} replace />;
}
