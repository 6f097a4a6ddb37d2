import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLookupStatus } from '../use-dictionary.ts';

export interface LookupStateProps {
  /** 'pending' shows a small inline skeleton, 'error' the retry message. */
  status: Exclude<TLookupStatus, 'success'>;
  onRetry: () => void;
}

/**
 * What stands in for a code's label until its dictionary has loaded: never the bare code. A
 * small inline skeleton while loading; a short message with a retry action when it failed.
 */
export function LookupState({ status, onRetry }: LookupStateProps) {
  const { t } = useTranslation('dictionaries');
  if (status === 'pending') {
    return (
      <span role="status" aria-busy="true" aria-label={t('lookup.loading')} className="portal-lookup-loading">
        <Skeleton.Input active size="small" style={{ width: 72, minWidth: 72, height: 16 }} />
      </span>
    );
  }
  return (
    <span role="alert" className="portal-lookup-failed">
      {t('lookup.failed')}
      <Button
        type="link"
        size="small"
        onClick={(event) => {
          // Inside a select or a clickable row the retry must not open or pick anything.
          event.stopPropagation();
          onRetry();
        }}
        onMouseDown={(event) => event.stopPropagation()}
      >
        {t('lookup.retry')}
      </Button>
    </span>
  );
}
