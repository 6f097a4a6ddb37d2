import {
  DICTIONARY_KINDS,
  type TDictionaryKind,
  type TDictionaryTypeRecord,
  ZDictionaryTypeInput,
  ZDictionaryTypeUpdate,
} from '@portal/domain/dictionaries/rules';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../lib/use-on-open.ts';
import { useAddDictionaryType } from '../api/add-dictionary-type.ts';
import { useUpdateDictionaryType } from '../api/update-dictionary-type.ts';
import { parseWithSchema, showFieldErrors } from '../form-errors.ts';

interface TValues {
  codeType: string;
  name: string;
  nameEn: string;
  kind: TDictionaryKind;
  sort?: number | null;
}

export interface DictionaryTypeModalProps {
  open: boolean;
  /** The type to edit; null adds one. */
  type: TDictionaryTypeRecord | null;
  onClose: () => void;
}

/** Adds or edits a code type; its code never changes, and a code table stays one. */
export function DictionaryTypeModal({ open, type, onClose }: DictionaryTypeModalProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const add = useAddDictionaryType();
  const update = useUpdateDictionaryType();
  const language = i18n.resolvedLanguage ?? i18n.language;

  useOnOpen(open, type, () => {
    form.resetFields();
    form.setFieldsValue(
      type ? { ...type } : { codeType: '', name: '', nameEn: '', kind: 'dictionary', sort: null },
    );
  });

  const submit = async () => {
    const raw = await form.validateFields().catch(() => null);
    if (!raw) return;
    const values = { ...raw, sort: raw.sort ?? undefined };
    try {
      if (type) {
        const input = parseWithSchema(form, ZDictionaryTypeUpdate, { ...values, id: type.id }, language);
        if (!input) return;
        await update.mutateAsync(input);
      } else {
        const input = parseWithSchema(form, ZDictionaryTypeInput, values, language);
        if (!input) return;
        await add.mutateAsync(input);
      }
      message.success(t('messages.saved'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error, language);
    }
  };

  return (
    <Modal
      open={open}
      title={type ? t('modal.editType') : t('modal.addType')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" name="dictionary-type" onFinish={() => void submit()}>
        <Form.Item
          name="codeType"
          label={t('fields.codeType')}
          rules={[{ required: true }]}
          extra={type ? t('modal.codeTypeLocked') : undefined}
        >
          <Input maxLength={64} disabled={Boolean(type)} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('fields.typeName')} rules={[{ required: true }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('fields.typeNameEn')} rules={[{ required: true }]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('fields.kind')}
          rules={[{ required: true }]}
          extra={type?.kind === 'codeTable' ? t('modal.kindLocked') : undefined}
        >
          <Select
            disabled={type?.kind === 'codeTable'}
            options={DICTIONARY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
