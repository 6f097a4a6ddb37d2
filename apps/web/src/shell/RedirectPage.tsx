import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoading } from './PageLoading.tsx';

/**
 * /redirect/{path}: the tab refresh. It goes straight back to {path} (with its query), which
 * mounts that page afresh because the tab stopped being kept alive before coming here.
 */
export function RedirectPage() {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const target = useParams()['*'] ?? '';
  useEffect(() => {
    navigate(`/${target}${search}${hash}`, { replace: true });
  }, [navigate, target, search, hash]);
  return <PageLoading />;
}
