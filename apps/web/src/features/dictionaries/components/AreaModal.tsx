import { AREA_ROOT_CODE } from '@portal/domain/dictionaries/codes';
import { type TArea, ZAreaInput, ZAreaUpdate } from '@portal/domain/dictionaries/rules';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../lib/use-on-open.ts';
import { useAddArea } from '../api/add-area.ts';
import { useUpdateArea } from '../api/update-area.ts';
import { parseWithSchema, showFieldErrors } from '../form-errors.ts';

interface TValues {
  code: string;
  cnName: string;
  enName: string;
  sort?: number | null;
}

export type TAreaEdit = { mode: 'add'; parent: TArea | null } | { mode: 'edit'; area: TArea };

export interface AreaModalProps {
  edit: TAreaEdit | null;
  onClose: () => void;
}

/** Adds an area under a parent (none: a continent) or renames one; codes never change. */
export function AreaModal({ edit, onClose }: AreaModalProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();
  const add = useAddArea();
  const update = useUpdateArea();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const nameOf = (area: TArea) => (language === 'en' ? area.enName : area.cnName) || area.cnName;

  useOnOpen(edit !== null, edit, () => {
    if (!edit) return;
    form.resetFields();
    form.setFieldsValue(
      edit.mode === 'edit'
        ? { code: edit.area.code, cnName: edit.area.cnName, enName: edit.area.enName, sort: edit.area.sort }
        : { code: '', cnName: '', enName: '', sort: null },
    );
  });

  const submit = async () => {
    if (!edit) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const sort = values.sort ?? undefined;
    try {
      if (edit.mode === 'edit') {
        const input = parseWithSchema(
          form,
          ZAreaUpdate,
          { id: edit.area.id, cnName: values.cnName, enName: values.enName, sort },
          language,
        );
        if (!input) return;
        await update.mutateAsync(input);
      } else {
        const upCode = edit.parent?.code ?? AREA_ROOT_CODE;
        const input = parseWithSchema(
          form,
          ZAreaInput,
          { upCode, code: values.code, cnName: values.cnName, enName: values.enName, sort },
          language,
        );
        if (!input) return;
        await add.mutateAsync(input);
      }
      message.success(t('messages.saved'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error, language);
    }
  };

  const parentLabel =
    edit?.mode === 'add'
      ? edit.parent
        ? `${nameOf(edit.parent)} (${edit.parent.code})`
        : t('areaAdmin.parentRoot')
      : null;

  return (
    <Modal
      open={edit !== null}
      title={edit?.mode === 'edit' ? t('modal.editArea') : t('modal.addArea')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" name="area" onFinish={() => void submit()}>
        {parentLabel && (
          <Form.Item label={t('fields.upCode')}>
            <Input value={parentLabel} disabled />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('fields.code')}
          rules={[{ required: true }]}
          extra={edit?.mode === 'edit' ? t('modal.areaCodeLocked') : undefined}
        >
          <Input maxLength={16} disabled={edit?.mode === 'edit'} autoComplete="off" />
        </Form.Item>
        <Form.Item name="cnName" label={t('fields.cnName')} rules={[{ required: true }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="enName" label={t('fields.enName')} rules={[{ required: true }]}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
