import { Flex } from 'antd';
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
        {/* A plain panel, not antd's Card and Typography: the first page stays light (Card brings Tabs). */}
        <section className="portal-login-card" aria-labelledby="portal-login-title">
          <header className="portal-login-header">
            <span className="portal-login-mark" aria-hidden>
              {t('common:app.logoMark')}
            </span>
            <h1 id="portal-login-title" className="portal-login-title">
              {t('common:app.title')}
            </h1>
            <p className="portal-login-subtitle">{t('login.subtitle')}</p>
          </header>
          <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
        </section>
      </Flex>
      <AppFooter />
    </main>
  );
}
