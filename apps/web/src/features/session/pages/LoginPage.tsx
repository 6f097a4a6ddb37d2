import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch/LanguageSwitch.tsx';
import { safeRedirectPath } from '../../../lib/redirect.ts';
import { AppFooter } from '../../../shell/AppFooter.tsx';
import { LoginForm } from '../components/LoginForm.tsx';
import './login.css';

/** /login: sign in with tenant, account, password and captcha, then go on to the redirect target. */
export function LoginPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeRedirectPath(search.get('redirect'));

  return (
    <main className="portal-login">
      <Flex justify="flex-end" className="portal-login-toolbar">
        <LanguageSwitch />
      </Flex>
      <Flex align="center" justify="center" className="portal-login-body">
        <Card className="portal-login-card">
          <header className="portal-login-header">
            <span className="portal-login-mark" aria-hidden>
              {t('common:app.logoMark')}
            </span>
            <Typography.Title level={1} className="portal-login-title">
              {t('common:app.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="portal-login-subtitle">
              {t('login.subtitle')}
            </Typography.Paragraph>
          </header>
          <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
        </Card>
      </Flex>
      <AppFooter />
    </main>
  );
}
