import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/spinner/Spinner.tsx';

/** Loading state inside the frame's content area. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }} role="status" aria-live="polite">
      <Spinner description={t('status.loading')} />
    </Flex>
  );
}

/** Loading state of the whole page (first load). */
export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-live="polite">
      <Spinner size="large" description={t('status.loading')} />
    </Flex>
  );
}
