import {
  INVESTIGATION_STATUS,
  INVESTIGATION_TYPE,
  investigationLabel,
  type TInvestigation,
  ZInvestigationOpen,
} from '@portal/domain/investigations/rules';
import { Button, Form, Input, Modal, Radio, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../components/permission/use-permission.ts';
import { feedback } from '../../lib/feedback.ts';
import { applyServerFieldErrors, zodRule } from '../../lib/zod-form.ts';
import { useOpenInvestigation } from './api/investigation-actions.ts';
import type { TInvestigationArea } from './api/investigations.ts';

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

/** Operators (who may read every case) use the audit calls; provider staff their own. */
export function useInvestigationArea(): TInvestigationArea {
  return usePermission().has('claim:medicalAudit:view') ? 'audit' : 'case';
}

export const detailPath = (id: string) => `/claim/medical/detail/${id}`;

const COLOURS: Record<string, string> = {
  [INVESTIGATION_STATUS.PROCESSING.code]: 'processing',
  [INVESTIGATION_STATUS.EXPIRED.code]: 'error',
  [INVESTIGATION_STATUS.CANCELLED.code]: 'default',
  [INVESTIGATION_STATUS.COMPLETED.code]: 'success',
};

export function InvestigationStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return (
    <Tag color={COLOURS[status] ?? 'default'}>{investigationLabel(INVESTIGATION_STATUS, status, lang)}</Tag>
  );
}

export function typeName(type: string, lang: 'zh' | 'en') {
  return investigationLabel(INVESTIGATION_TYPE, type, lang);
}

/** The working-day countdown (5 down to -4 or -9), or that upload has closed. */
export function CountdownTag({
  c,
}: {
  c: Pick<TInvestigation, 'countdown' | 'uploadOpen' | 'lastUploadDay'>;
}) {
  const { t } = useTranslation('investigations');
  if (c.countdown === null) return <>-</>;
  const tip = t('countdown.lastDay', { day: c.lastUploadDay });
  if (!c.uploadOpen)
    return (
      <Tooltip title={tip}>
        <Tag>{t('countdown.closed', { value: c.countdown })}</Tag>
      </Tooltip>
    );
  return (
    <Tooltip title={tip}>
      <Tag color={c.countdown > 0 ? 'blue' : 'orange'}>{t('countdown.value', { value: c.countdown })}</Tag>
    </Tooltip>
  );
}

export interface TLineToInvestigate {
  id: string;
  rowNo: number;
  itemCode: string;
  itemName: string;
}

/** Opens an investigation on a claim line: the countdown's type and what records are needed. */
export function OpenInvestigationDialog({
  line,
  batchNo,
  onClose,
}: {
  line: TLineToInvestigate;
  batchNo: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('investigations');
  const lang = useLang();
  const [form] = Form.useForm<{ type: 'normal' | 'longer'; request: string }>();
  const open = useOpenInvestigation();
  const ok = async () => {
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const c = await open.mutateAsync({ lineId: line.id, type: v.type, request: v.request ?? '' });
      feedback.success(t('open.done', { caseNo: c.caseNo }));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('open.title', { batchNo, row: line.rowNo })}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={open.isPending}
      okText={t('open.submit')}
      cancelText={t('actions.cancelDialog')}
    >
      <Typography.Paragraph type="secondary">
        {line.itemCode} {line.itemName}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ type: 'normal' }}>
        <Form.Item name="type" label={t('fields.type')}>
          <Radio.Group>
            <Space orientation="vertical">
              {Object.values(INVESTIGATION_TYPE).map((type) => (
                <Radio key={type.code} value={type.code}>
                  {type[lang]} · {t('open.typeHint', { last: type.last })}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="request"
          label={t('fields.request')}
          rules={[zodRule(ZInvestigationOpen.shape.request)]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('open.requestPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The investigation of a claim line on the claim screens: the case in progress (or the last one)
 * as a link with its status and countdown, and for operators who may open one, a button.
 */
export function LineInvestigation({
  line,
  batchNo,
  cases,
  mayOpen,
}: {
  line: TLineToInvestigate;
  batchNo: string;
  cases: readonly TInvestigation[];
  mayOpen: boolean;
}) {
  const { t } = useTranslation('investigations');
  const { has } = usePermission();
  const [dialog, setDialog] = useState(false);
  const mine = cases.filter((c) => c.lineId === line.id);
  const current = mine.find((c) => c.status === INVESTIGATION_STATUS.PROCESSING.code) ?? mine[0];
  const canOpen =
    mayOpen && has('claim:medicalAudit:edit') && current?.status !== INVESTIGATION_STATUS.PROCESSING.code;
  return (
    <Space orientation="vertical" size={4}>
      {current && (
        <Space size={4} wrap>
          <Link to={detailPath(current.id)}>{current.caseNo}</Link>
          <InvestigationStatusTag status={current.status} />
          <CountdownTag c={current} />
        </Space>
      )}
      {canOpen && (
        <Button size="small" onClick={() => setDialog(true)} aria-label={`${t('open.button')} ${line.rowNo}`}>
          {t('open.button')}
        </Button>
      )}
      {!current && !canOpen && '-'}
      {dialog && <OpenInvestigationDialog line={line} batchNo={batchNo} onClose={() => setDialog(false)} />}
    </Space>
  );
}
