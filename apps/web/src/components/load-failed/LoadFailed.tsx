import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/http.ts';

interface TLoadFailedProps {
  /** What the query threw. */
  error: unknown;
  /** What could not be loaded, e.g. 'The task could not be loaded'. */
  title: string;
  onRetry: () => void;
  /** Where 'Back' goes when trying again cannot help (the record is missing or not the user's). */
  backTo: string;
  backLabel: string;
}

/**
 * A record that could not be loaded. A failure that may pass (no answer, a time-out, a server
 * error) offers Retry; an answer that will not change (the record does not exist, or the user
 * may not see it) says so and offers the way back instead of a Retry that cannot help.
 */
export function LoadFailed({ error, title, onRetry, backTo, backLabel }: TLoadFailedProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (isFinal(error)) {
    const missing = error.status === 404;
    return (
      <Result
        status="warning"
        title={missing ? t('loadFailed.missing') : title}
        subTitle={missing ? t('loadFailed.missingHint') : error.localizedMessage()}
        extra={
          <Button type="primary" onClick={() => navigate(backTo)}>
            {backLabel}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error instanceof ApiError ? error.localizedMessage() : undefined}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

/** A refusal that asking again will not change: a 4xx answer other than a time-out or throttling. */
function isFinal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.kind !== 'session' &&
    error.status !== null &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}
