import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch/LanguageSwitch.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { ensureSessionData, logout } from '../../session/session-actions.ts';
import { PasswordForm } from '../components/PasswordForm.tsx';

/** Where a user with a reset or temporary password must go first (spec section 2). */
export const FORCE_UPDATE_PASSWORD_PATH = '/forceUpdatePwd';

/**
 * /forceUpdatePwd: a user whose password was reset or is temporary sets a new one before
 * anything else (the same PUT /authority/user/password); then the portal opens.
 */
export function ForceUpdatePasswordPage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const user = useSessionStore((s) => s.user);
  if (!token) return <Navigate to="/login" replace />;
  // Only for a password that was reset or is temporary; anyone else changes it in the profile.
  if (!user?.mustChangePassword) return <Navigate to="/" replace />;

  return (
    <main className="portal-standalone">
      <Flex justify="flex-end" className="portal-standalone-toolbar">
        <LanguageSwitch />
      </Flex>
      <Flex justify="center" className="portal-standalone-body">
        <Card className="portal-standalone-card">
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {t('force.title')}
          </Typography.Title>
          <Alert
            type="warning"
            showIcon
            title={t('force.reason', { account: user?.account ?? '' })}
            style={{ marginBottom: 24 }}
          />
          <PasswordForm
            submitText={t('force.submit')}
            onChanged={() => {
              useSessionStore.getState().updateUser({ mustChangePassword: false });
              // Permissions and routes were refused until now (40072): load them afresh.
              void ensureSessionData({ force: true })
                .catch(() => undefined)
                .then(() => navigate('/', { replace: true }));
            }}
          />
          <Button type="link" style={{ paddingInline: 0, marginTop: 16 }} onClick={() => void logout()}>
            {t('force.logout')}
          </Button>
        </Card>
      </Flex>
    </main>
  );
}
