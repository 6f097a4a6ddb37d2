import { Button, Flex, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { FullPageLoading } from '../../../shell/PageLoading.tsx';
import { signInByTransfer } from '../session-actions.ts';

/**
 * /transfer?token=&refreshToken=&tenant=&transfer=: the hand-over entry from another
 * application. The session is taken over ('free' selects the smartPortal menu group), then
 * the portal opens at home; the tokens leave the address bar at once.
 */
export function TransferPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = search.get('token')?.trim() ?? '';
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    const input = {
      token,
      refreshToken: search.get('refreshToken'),
      tenant: search.get('tenant'),
      transfer: search.get('transfer'),
    };
    // The tokens must not stay in the address bar or the history.
    navigate('/transfer', { replace: true });
    signInByTransfer(input)
      .then(() => {
        const user = useSessionStore.getState().user;
        navigate(user?.mustChangePassword ? '/forceUpdatePwd' : '/', { replace: true });
      })
      .catch((error: unknown) => {
        // A session failure shows the 'remind' dialog, which leads to the login page.
        if (error instanceof ApiError && error.kind === 'session' && error.notified) return;
        setFailure(error);
      });
  }, [navigate, search]);

  if (!failure) return <FullPageLoading />;
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="warning"
        title={t('transfer.failed')}
        subTitle={errorMessage(failure)}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('transfer.toLogin')}
          </Button>
        }
      />
    </Flex>
  );
}
