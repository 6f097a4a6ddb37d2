import { MailOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFooter } from '../features/home/api/get-footer.ts';
import { currentLanguage, type TLanguage } from '../lib/i18n.ts';
import './footer.css';

/** The portal's own privacy statement path. */
export const PRIVACY_PATH = '/privacy';
const ICP_REGISTRY = 'https://beian.miit.gov.cn/';
const PSB_REGISTRY = 'https://beian.mps.gov.cn/';

/** The privacy statement link: the portal's page gets ?lang=, another site's address is used as is. */
export function privacyHref(privacyUrl: string | null | undefined, lang: TLanguage): string {
  const url = privacyUrl?.trim() || PRIVACY_PATH;
  if (/^https?:\/\//i.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}

/** Where a filing number can be checked: ICP numbers at MIIT, public-security numbers at MPS. */
export function filingRegistry(filing: string): string | null {
  if (/ICP/i.test(filing)) return ICP_REGISTRY;
  if (/公网安备|public security/i.test(filing)) return PSB_REGISTRY;
  return null;
}

/** The footer: privacy statement, business licence, filing numbers, fraud-report mailbox (per tenant). */
export function AppFooter({ className = 'portal-footer' }: { className?: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { data } = useFooter();
  const filings = data?.filingNumbers ?? [];

  return (
    <footer className={className}>
      <Flex
        wrap
        justify="center"
        align="center"
        gap="4px 16px"
        component="nav"
        aria-label={t('footer.label')}
      >
        <a href={privacyHref(data?.privacyUrl, lang)} target="_blank" rel="noopener noreferrer">
          {t('footer.privacy')}
        </a>
        {data?.licenceUrl && (
          <a href={data.licenceUrl} target="_blank" rel="noopener noreferrer">
            {t('footer.licence')}
          </a>
        )}
        {data?.fraudMailbox && (
          <span>
            {t('footer.fraudMailbox')}{' '}
            <a href={`mailto:${data.fraudMailbox}`}>
              <MailOutlined aria-hidden /> {data.fraudMailbox}
            </a>
          </span>
        )}
      </Flex>
      {filings.length > 0 && (
        <Flex wrap justify="center" gap="4px 16px" className="portal-footer-filings">
          {filings.map((filing) => {
            const registry = filingRegistry(filing);
            return registry ? (
              <a key={filing} href={registry} target="_blank" rel="noopener noreferrer">
                {filing}
              </a>
            ) : (
              <span key={filing}>{filing}</span>
            );
          })}
        </Flex>
      )}
      <div className="portal-footer-copy">{t('footer.copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
