import {
  type TDictionaryKind,
  type TDictionaryRecord,
  ZDictionaryEntryInput,
  ZDictionaryEntryUpdate,
} from '@portal/domain/dictionaries/rules';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../lib/use-on-open.ts';
import { useAddDictionaryEntry } from '../api/add-dictionary-entry.ts';
import { useUpdateDictionaryEntry } from '../api/update-dictionary-entry.ts';
import { parseWithSchema, showFieldErrors } from '../form-errors.ts';

export interface TTypeChoice {
  codeType: string;
  label: string;
  kind: TDictionaryKind;
}

interface TValues {
  codeType: string;
  code: string;
  codeName: string;
  codeEnName: string;
  sort?: number | null;
  enabled: boolean;
}

export interface DictionaryEntryModalProps {
  open: boolean;
  /** The entry to edit; null adds one. */
  entry: TDictionaryRecord | null;
  /** Code types an entry can be added to; defaultType is preselected. */
  types: TTypeChoice[];
  defaultType: string;
  onClose: () => void;
}

/**
 * Adds or edits a dictionary entry. A code-table entry keeps its code, and saving an edit of
 * one first asks for confirmation: code tables are add-only and no validation runs.
 */
export function DictionaryEntryModal({
  open,
  entry,
  types,
  defaultType,
  onClose,
}: DictionaryEntryModalProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const add = useAddDictionaryEntry();
  const update = useUpdateDictionaryEntry();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const isCodeTable = entry?.kind === 'codeTable';

  useOnOpen(open, entry ?? defaultType, () => {
    form.resetFields();
    form.setFieldsValue(
      entry
        ? { ...entry }
        : { codeType: defaultType, code: '', codeName: '', codeEnName: '', sort: null, enabled: true },
    );
  });

  const save = async ({ sort, ...rest }: TValues) => {
    const values = { ...rest, sort: sort ?? undefined };
    try {
      if (entry) {
        const input = parseWithSchema(form, ZDictionaryEntryUpdate, { ...values, id: entry.id }, language);
        if (!input) return;
        await update.mutateAsync(input);
      } else {
        const input = parseWithSchema(form, ZDictionaryEntryInput, values, language);
        if (!input) return;
        await add.mutateAsync(input);
      }
      message.success(t('messages.saved'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error, language);
    }
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!isCodeTable) return save(values);
    modal.confirm({
      title: t('confirm.codeTableEditTitle'),
      content: t('confirm.codeTableEdit'),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      onOk: () => save(values),
    });
  };

  return (
    <Modal
      open={open}
      title={entry ? t('modal.editEntry') : t('modal.addEntry')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      forceRender
    >
      {isCodeTable && (
        <Alert type="warning" showIcon title={t('dictionary.codeTableNotice')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" name="dictionary-entry" onFinish={() => void submit()}>
        <Form.Item name="codeType" label={t('fields.codeType')} rules={[{ required: true }]}>
          <Select
            disabled={Boolean(entry)}
            showSearch={{ optionFilterProp: 'label' }}
            options={types.map((type) => ({
              value: type.codeType,
              label: `${type.label} (${type.codeType})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('fields.code')}
          rules={[{ required: true }]}
          extra={isCodeTable ? t('modal.codeLocked') : undefined}
        >
          <Input maxLength={32} disabled={isCodeTable} autoComplete="off" />
        </Form.Item>
        <Form.Item name="codeName" label={t('fields.codeName')} rules={[{ required: true }]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="codeEnName" label={t('fields.codeEnName')} rules={[{ required: true }]}>
          <Input maxLength={300} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
