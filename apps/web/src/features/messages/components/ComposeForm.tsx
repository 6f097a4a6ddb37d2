import { EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { PROVIDER_SEARCH_TYPE } from '@portal/domain/dictionaries/codes';
import { EMPTY_AREA_VALUE, type TAreaValue } from '@portal/domain/dictionaries/rules';
import { MSG_LEVELS, MSG_TYPES } from '@portal/domain/messages/codes';
import {
  MSG_CONTENT_MAX,
  MSG_NAME_MAX,
  MSG_SEARCH_TYPES,
  MSG_SEND_TYPES,
  type TMsgEditView,
  type TMsgPreview,
  type TMsgSaveBody,
  type TMsgSearchType,
  ZMsgFields,
} from '@portal/domain/messages/compose';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useAreaChain } from '../../dictionaries/api/get-province-city-county.ts';
import { AreaCascader } from '../../dictionaries/components/AreaCascader.tsx';
import { LookupState } from '../../dictionaries/components/LookupState.tsx';
import { previewMessage, useProviderSearch, useSaveMessage } from '../api/manage-messages.ts';
import { MessagePreview } from './MessagePreview.tsx';
import { PersonInChargeSelect } from './PersonInChargeSelect.tsx';

interface TForm {
  name: string;
  nameEn: string;
  msgType: '01' | '02';
  msgLevel: '01' | '02' | '03';
  content: string;
  enContent: string;
  validity?: [Dayjs | null, Dayjs | null] | null;
  searchType: TMsgSearchType;
  areaCodes: string[];
  providerIds: string[];
  personInChargeIds: string[];
}

const DEFAULTS: Partial<TForm> = {
  msgType: '01',
  msgLevel: '01',
  searchType: '02',
  areaCodes: [],
  providerIds: [],
  personInChargeIds: [],
};

function toBody(v: TForm, action: 'draft' | 'send', id?: string): TMsgSaveBody {
  const [from, to] = v.validity ?? [null, null];
  return {
    id,
    action,
    name: v.name ?? '',
    nameEn: v.nameEn ?? '',
    msgType: v.msgType,
    msgLevel: v.msgLevel,
    content: v.content ?? '',
    enContent: v.enContent ?? '',
    validFrom: from ? from.toISOString() : null,
    validTo: to ? to.toISOString() : null,
    searchType: v.searchType,
    areaCodes: v.areaCodes ?? [],
    providerIds: v.providerIds ?? [],
    personInChargeIds: v.personInChargeIds ?? [],
  };
}

function fromView(m: TMsgEditView): Partial<TForm> {
  return {
    name: m.name,
    nameEn: m.nameEn,
    msgType: m.msgType as TForm['msgType'],
    msgLevel: m.msgLevel as TForm['msgLevel'],
    content: m.content,
    enContent: m.enContent,
    validity: m.validFrom && m.validTo ? [dayjs(m.validFrom), dayjs(m.validTo)] : null,
    searchType: (m.searchType || '02') as TMsgSearchType,
    areaCodes: m.areaCodes,
    providerIds: m.providerIds,
    personInChargeIds: m.personInChargeIds,
  };
}

/** The send-message form: a new message, a draft, or a sent message being modified. */
export function ComposeForm({
  initial,
  onSaved,
}: {
  initial?: TMsgEditView;
  onSaved: (status: string) => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm<TForm>();
  const searchType = Form.useWatch('searchType', form) ?? '02';
  const areaCodes = Form.useWatch('areaCodes', form) ?? [];
  const [keyword, setKeyword] = useState('');
  const providers = useProviderSearch(keyword, searchType === '02');
  const save = useSaveMessage();
  const [preview, setPreview] = useState<TMsgPreview | null>(null);
  // The picker's whole value (continent and country lead to the province, city or district).
  const [areaPick, setAreaPick] = useState<TAreaValue>(EMPTY_AREA_VALUE);
  const area = areaPick.provinceCity[areaPick.provinceCity.length - 1] ?? '';
  const sent = initial?.status === '01';

  useEffect(() => {
    form.setFieldsValue(initial ? fromView(initial) : DEFAULTS);
  }, [form, initial]);

  const submit = async (action: 'draft' | 'send') => {
    const fields: (keyof TForm)[] = action === 'draft' ? ['name', 'nameEn'] : [];
    try {
      await form.validateFields(action === 'draft' ? fields : undefined);
    } catch {
      return;
    }
    try {
      const result = await save.mutateAsync(toBody(form.getFieldsValue(true), action, initial?.id));
      message.success(
        action === 'draft' ? t('compose.draftSaved') : t('compose.sent', { count: result.recipients }),
      );
      onSaved(result.status);
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };

  const showPreview = async () => {
    try {
      await form.validateFields(['name', 'nameEn', 'content', 'enContent']);
    } catch {
      return;
    }
    setPreview(await previewMessage(toBody(form.getFieldsValue(true), 'send')));
  };

  const label = (e: { zh: string; en: string }) => (en ? e.en : e.zh);
  const nameRule = zodRule(ZMsgFields.shape.name);
  const contentRule = zodRule(ZMsgFields.shape.content);

  return (
    <Form<TForm> form={form} layout="vertical" initialValues={DEFAULTS} aria-label={t('compose.title')}>
      <Flex gap={16} wrap>
        <Form.Item name="name" label={t('compose.name')} rules={[nameRule]} style={{ flex: '1 1 320px' }}>
          <Input maxLength={MSG_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="nameEn" label={t('compose.nameEn')} rules={[nameRule]} style={{ flex: '1 1 320px' }}>
          <Input maxLength={MSG_NAME_MAX} showCount />
        </Form.Item>
      </Flex>
      <Flex gap={32} wrap>
        <Form.Item name="msgType" label={t('compose.type')}>
          <Radio.Group
            options={MSG_SEND_TYPES.map((code) => ({ value: code, label: label(MSG_TYPES[code]) }))}
          />
        </Form.Item>
        <Form.Item name="msgLevel" label={t('compose.level')}>
          <Radio.Group
            options={(['03', '02', '01'] as const).map((code) => ({
              value: code,
              label: label(MSG_LEVELS[code]),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="validity"
          label={t('compose.validity')}
          rules={[{ required: true, message: t('compose.validityRequired') }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            aria-label={t('compose.validity')}
          />
        </Form.Item>
      </Flex>
      <Form.Item name="content" label={t('compose.content')} rules={[contentRule]}>
        <Input.TextArea rows={5} maxLength={MSG_CONTENT_MAX} showCount />
      </Form.Item>
      <Form.Item name="enContent" label={t('compose.enContent')} rules={[contentRule]}>
        <Input.TextArea rows={5} maxLength={MSG_CONTENT_MAX} showCount />
      </Form.Item>
      <Card size="small" title={t('compose.recipients')} style={{ marginBottom: 16 }}>
        <Form.Item name="searchType" label={t('compose.searchType')}>
          <Radio.Group
            options={MSG_SEARCH_TYPES.map((code) => ({
              value: code,
              label: label(Object.values(PROVIDER_SEARCH_TYPE).find((e) => e.code === code)!),
            }))}
          />
        </Form.Item>
        {searchType === '01' && (
          <>
            <Space wrap align="start">
              <AreaCascader value={areaPick} onChange={setAreaPick} anyLevel />
              <Button
                disabled={!area}
                onClick={() => form.setFieldValue('areaCodes', [...new Set([...areaCodes, area])])}
              >
                {t('compose.addArea')}
              </Button>
            </Space>
            <Form.Item name="areaCodes" label={t('compose.areas')} style={{ marginTop: 8 }}>
              <AreaTags />
            </Form.Item>
          </>
        )}
        {searchType === '02' && (
          <Form.Item name="providerIds" label={t('compose.providers')}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={providers.isFetching}
              notFoundContent={t('compose.noProviders')}
              aria-label={t('compose.providers')}
              options={(providers.data ?? []).map((p) => ({
                value: p.providerId,
                label: `${p.providerId} ${en ? p.providerEnName || p.providerCnName : p.providerCnName}`,
              }))}
            />
          </Form.Item>
        )}
        {searchType === '03' && (
          <Form.Item name="personInChargeIds" label={t('compose.persons')}>
            <PersonInChargeSelect aria-label={t('compose.persons')} />
          </Form.Item>
        )}
        {searchType === '04' && <Typography.Text>{t('compose.allProviders')}</Typography.Text>}
      </Card>
      <Space wrap>
        <Button icon={<EyeOutlined />} onClick={showPreview}>
          {t('compose.preview')}
        </Button>
        {!sent && (
          <Button icon={<SaveOutlined />} onClick={() => submit('draft')} loading={save.isPending}>
            {t('compose.saveDraft')}
          </Button>
        )}
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => submit('send')}
          loading={save.isPending}
        >
          {sent ? t('compose.modify') : t('compose.send')}
        </Button>
      </Space>
      <Modal
        open={preview !== null}
        title={t('compose.previewTitle')}
        onCancel={() => setPreview(null)}
        footer={null}
        width={720}
      >
        {preview && <MessagePreview preview={preview} />}
      </Modal>
    </Form>
  );
}

/** The chosen areas as removable tags named in the user's language. */
function AreaTags({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('messages');
  if (value.length === 0) return <Typography.Text type="secondary">{t('compose.noAreas')}</Typography.Text>;
  return (
    <Space wrap>
      {value.map((code) => (
        <Tag key={code} closable onClose={() => onChange?.(value.filter((c) => c !== code))}>
          <AreaName code={code} />
        </Tag>
      ))}
    </Space>
  );
}

/** An area's province / city / district names (a skeleton while they load, a retry if they fail). */
export function AreaName({ code }: { code: string }) {
  const { i18n } = useTranslation('messages');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const chain = useAreaChain(code);
  if (chain.isPending || chain.isError) {
    return <LookupState status={chain.isError ? 'error' : 'pending'} onRetry={() => void chain.refetch()} />;
  }
  // An area no longer in the dictionary has no names left: its code is all there is.
  if (chain.data.length === 0) return <>{code}</>;
  return <>{chain.data.map((a) => (en ? a.enName || a.cnName : a.cnName)).join(' / ')}</>;
}
