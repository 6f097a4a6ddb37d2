import { Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../../lib/i18n.ts';
import type { THomePage } from '../api/get-home-page.ts';

/** A value that must not break across lines (a code, a date and time). */
const Whole = ({ children }: { children: string }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{children}</span>
);

/** Greeting with the tenant, the provider (for provider staff) and the last login. */
export function WelcomeCard({ data, showProvider = false }: { data: THomePage; showProvider?: boolean }) {
  const { t } = useTranslation('home');
  const name = pickLanguage(data.user.name, data.user.nameEn);
  const tenantName = pickLanguage(data.tenant.name, data.tenant.nameEn);
  const lastLogin =
    data.user.lastLoginAt && dayjs(data.user.lastLoginAt).isValid()
      ? dayjs(data.user.lastLoginAt).format('YYYY-MM-DD HH:mm')
      : t('welcome.firstLogin');
  const items = [
    { key: 'tenant', label: t('welcome.tenant'), children: `${tenantName} (${data.tenant.code})` },
    { key: 'lastLogin', label: t('welcome.lastLogin'), children: <Whole>{lastLogin}</Whole> },
  ];
  if (showProvider && data.provider) {
    const providerName = pickLanguage(data.provider.cnName, data.provider.enName);
    items.unshift(
      { key: 'provider', label: t('welcome.provider'), children: providerName || '-' },
      {
        key: 'providerId',
        label: t('welcome.providerId'),
        children: <Whole>{data.provider.providerId}</Whole>,
      },
    );
  }
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('welcome.greeting', { name })}
      </Typography.Title>
      <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} items={items} size="small" />
    </Card>
  );
}
