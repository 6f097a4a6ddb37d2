import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner/Spinner.tsx';
import { useCaptchaImage } from '../api/captcha.ts';

export interface CaptchaImageProps {
  tenant: string;
  captchaKey: string;
  /** Asks for a new key (and so a new image). */
  onRefresh: () => void;
}

/** The captcha image as a button: clicking it (or Enter/Space) fetches a new one. */
export function CaptchaImage({ tenant, captchaKey, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation('session');
  const image = useCaptchaImage(tenant, captchaKey);
  return (
    <button
      type="button"
      className="portal-captcha"
      onClick={onRefresh}
      aria-label={t('login.captchaRefresh')}
      title={t('login.captchaRefresh')}
    >
      {image.isPending && tenant ? (
        <Spinner size="small" />
      ) : image.data ? (
        <img src={image.data} alt={t('login.captchaImage')} width={120} height={40} />
      ) : (
        <span className="portal-captcha-failed">
          <ReloadOutlined aria-hidden /> {t('login.captchaFailed')}
        </span>
      )}
    </button>
  );
}
