import { NOTE_MAX } from '@portal/domain/hospital-audit/rules';
import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { hasNoSpecialCharacters } from '@portal/domain/hospital-tasks/rules';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnOpen } from '../../../lib/use-on-open.ts';
import { useSaveNote } from '../api/save-note.ts';

interface TNoteForm {
  notesC: string;
  notesE: string;
}

export interface NoteModalProps {
  open: boolean;
  providerId: string;
  /** The note to edit; null adds a new one. */
  note: TProviderNote | null;
  onClose: () => void;
}

/** Adds or edits a provider note in Chinese and/or English (the server's rules, checked here first). */
export function NoteModal({ open, providerId, note, onClose }: NoteModalProps) {
  const { t } = useTranslation('hospital-audit');
  const { message } = App.useApp();
  const [form] = Form.useForm<TNoteForm>();
  const save = useSaveNote();

  useOnOpen(open, note, () =>
    form.setFieldsValue({ notesC: note?.notesC ?? '', notesE: note?.notesE ?? '' }),
  );

  const submit = async () => {
    const values = await form.validateFields();
    const texts = { notesC: values.notesC?.trim() ?? '', notesE: values.notesE?.trim() ?? '' };
    await save.mutateAsync(note ? { id: note.id, ...texts } : { providerId, ...texts });
    message.success(t('notes.saved'));
    onClose();
  };

  const oneRequired = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      const filled = ['notesC', 'notesE'].some((name) => String(getFieldValue(name) ?? '').trim() !== '');
      if (!filled) throw new Error(t('notes.modal.oneRequired'));
    },
  });
  const noSpecial = {
    validator: async (_: unknown, value: string | undefined) => {
      if (value && !hasNoSpecialCharacters(value)) throw new Error(t('notes.modal.special'));
    },
  };

  return (
    <Modal
      open={open}
      title={note ? t('notes.modal.editTitle') : t('notes.modal.addTitle')}
      okText={t('notes.modal.save')}
      cancelText={t('notes.modal.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<TNoteForm> form={form} name="providerNote" layout="vertical" preserve={false}>
        <Form.Item
          name="notesC"
          label={t('notes.modal.notesC')}
          dependencies={['notesE']}
          rules={[oneRequired, noSpecial]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX.notesC} showCount />
        </Form.Item>
        <Form.Item name="notesE" label={t('notes.modal.notesE')} rules={[noSpecial]}>
          <Input.TextArea rows={4} maxLength={NOTE_MAX.notesE} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
