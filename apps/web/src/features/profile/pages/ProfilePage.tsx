import { formatDate } from '@portal/domain/format/format';
import { Alert, Card, Col, Descriptions, Row, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/http.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useOwnProfile } from '../api/get-profile.ts';
import { AvatarEditor } from '../components/AvatarEditor.tsx';
import { BaseInfoForm } from '../components/BaseInfoForm.tsx';
import { PasswordForm } from '../components/PasswordForm.tsx';

/** /profile/index: the personal centre (base info, avatar, password). */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const lang = currentLanguage();
  const { data: profile, error, isPending } = useOwnProfile();

  if (error) return <Alert type="error" showIcon title={t('loadFailed')} description={errorMessage(error)} />;
  if (isPending || !profile) return <Skeleton active paragraph={{ rows: 8 }} />;

  const displayName =
    (lang === 'en' ? profile.nameEn || profile.name : profile.name || profile.nameEn) || profile.account;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7}>
        <Card>
          <AvatarEditor avatar={profile.avatar} />
          <Typography.Title level={4} style={{ textAlign: 'center', margin: '16px 0 4px' }}>
            {displayName}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {profile.workDescribe || t('summary.noDescription')}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'account', label: t('base.account'), children: profile.account },
              ...(profile.providerId
                ? [{ key: 'provider', label: t('summary.providerId'), children: profile.providerId }]
                : []),
              { key: 'email', label: t('summary.email'), children: profile.email || '-' },
              { key: 'mobile', label: t('summary.mobile'), children: profile.mobile || '-' },
              {
                key: 'lastLogin',
                label: t('summary.lastLogin'),
                children: formatDate(profile.lastLoginAt, 'YYYY-MM-DD HH:mm'),
              },
              {
                key: 'created',
                label: t('summary.createdAt'),
                children: formatDate(profile.createdAt, 'YYYY-MM-DD'),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card>
          <Tabs
            items={[
              { key: 'base', label: t('tabs.base'), children: <BaseInfoForm profile={profile} /> },
              { key: 'password', label: t('tabs.password'), children: <PasswordForm /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
