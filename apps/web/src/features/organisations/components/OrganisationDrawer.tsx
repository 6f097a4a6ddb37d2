import {
  ORGANISATION_TYPE,
  PROVIDER_HOLDING_TYPES,
  type TOrganisationNode,
  type TOrganisationType,
  ZOrganisationCreate,
} from '@portal/domain/organisations/rules';
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useCreateOrganisation, useEditOrganisation } from '../api/organisation-changes.ts';
import { useProviderOptions } from '../api/provider-options.ts';

interface TOrganisationForm {
  name: string;
  nameEn: string;
  orgType: TOrganisationType;
  sortOrder: number;
  providerIds: string[];
}

export interface OrganisationDrawerProps {
  open: boolean;
  /** Editing: the organisation; adding: null. */
  organisation: TOrganisationNode | null;
  /** Adding: the parent (null adds a top-level organisation). */
  parent: TOrganisationNode | null;
  onClose: () => void;
}

/** Adds an organisation under a parent, or edits one: names, type, order and (groups, regions) providers. */
export function OrganisationDrawer({ open, organisation, parent, onClose }: OrganisationDrawerProps) {
  const { t, i18n } = useTranslation('organisations');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<TOrganisationForm>();
  const orgType = Form.useWatch('orgType', form);
  const holdsProviders = orgType !== undefined && PROVIDER_HOLDING_TYPES.includes(orgType);
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword);
  const options = useProviderOptions(debounced, open && holdsProviders);
  const create = useCreateOrganisation();
  const edit = useEditOrganisation();
  const nameOf = (n: TOrganisationNode) => (lang === 'en' ? n.nameEn : n.name);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setKeyword('');
    if (organisation) form.setFieldsValue(organisation);
  }, [open, organisation, form]);

  const submit = async (values: TOrganisationForm) => {
    const common = {
      name: values.name,
      nameEn: values.nameEn,
      orgType: values.orgType,
      sortOrder: values.sortOrder ?? 0,
      providerIds: PROVIDER_HOLDING_TYPES.includes(values.orgType) ? (values.providerIds ?? []) : [],
    };
    try {
      if (organisation)
        await edit.mutateAsync({ id: organisation.id, version: organisation.version, ...common });
      else await create.mutateAsync({ parentId: parent?.id ?? null, ...common });
      feedback.success(t('drawer.saved', { name: lang === 'en' ? values.nameEn : values.name }));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  const providerOptions = (options.data ?? []).map((p) => ({
    value: p.providerId,
    label: `${p.providerId} ${lang === 'en' ? p.enName || p.cnName : p.cnName || p.enName}`,
    disabled: p.organisationId !== null && p.organisationId !== organisation?.id,
  }));
  for (const id of organisation?.providerIds ?? [])
    if (!providerOptions.some((o) => o.value === id))
      providerOptions.unshift({ value: id, label: id, disabled: false });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={organisation ? t('drawer.editTitle', { name: nameOf(organisation) }) : t('drawer.addTitle')}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={create.isPending || edit.isPending} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      {!organisation && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={parent ? t('drawer.under', { name: nameOf(parent) }) : t('drawer.topLevel')}
        />
      )}
      <Form<TOrganisationForm>
        form={form}
        name="organisation"
        layout="vertical"
        initialValues={{ orgType: 'dept', sortOrder: 0, providerIds: [] }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t('fields.name')}
          required
          rules={[zodRule(ZOrganisationCreate.shape.name)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('fields.nameEn')}
          required
          rules={[zodRule(ZOrganisationCreate.shape.nameEn)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="orgType" label={t('fields.orgType')} required>
          <Select
            options={Object.values(ORGANISATION_TYPE).map((v) => ({ value: v.code, label: v[lang] }))}
          />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('fields.sortOrder')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {holdsProviders && (
          <Form.Item name="providerIds" label={t('fields.providers')} extra={t('drawer.providersHint')}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              loading={options.isFetching}
              options={providerOptions}
              placeholder={t('drawer.providersPlaceholder')}
              notFoundContent={t('drawer.noProviders')}
            />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
