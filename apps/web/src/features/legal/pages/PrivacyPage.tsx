import { Anchor, Card, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage, isLanguage, type TLanguage } from '../../../lib/i18n.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { PRIVACY_STATEMENTS } from '../privacy-statement.ts';
import '../legal.css';

/** The other language's label and code, for the switch link at the top. */
const OTHER: Record<TLanguage, { lang: TLanguage; label: string }> = {
  zh: { lang: 'en', label: 'English' },
  en: { lang: 'zh', label: '中文' },
};

/**
 * /privacy?lang=zh|en: the privacy statement, public, in the language the link names (the
 * footer opens it in a new tab with the portal's language); without `lang`, the portal's.
 */
export function PrivacyPage() {
  const [search] = useSearchParams();
  const asked = search.get('lang');
  const lang: TLanguage = isLanguage(asked) ? asked : currentLanguage();
  const doc = PRIVACY_STATEMENTS[lang];
  const other = OTHER[lang];
  const mobile = useIsMobile();

  useEffect(() => {
    document.title = doc.title;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [doc, lang]);

  return (
    <main className="portal-legal" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      <Flex gap={24} align="flex-start" className="portal-legal-layout">
        <Card className="portal-legal-card">
          <Flex justify="space-between" align="baseline" wrap gap={8}>
            <Typography.Title level={1} className="portal-legal-title">
              {doc.title}
            </Typography.Title>
            <Link to={`/privacy?lang=${other.lang}`} lang={other.lang === 'zh' ? 'zh-CN' : 'en'}>
              {other.label}
            </Link>
          </Flex>
          <Typography.Text type="secondary">{doc.updated}</Typography.Text>
          {doc.intro.map((p) => (
            <Typography.Paragraph key={p.slice(0, 24)} style={{ marginTop: 16 }}>
              {p}
            </Typography.Paragraph>
          ))}
          {doc.sections.map((section) => (
            <section
              key={section.id}
              id={`privacy-${section.id}`}
              aria-labelledby={`privacy-${section.id}-h`}
            >
              <Typography.Title level={2} id={`privacy-${section.id}-h`} className="portal-legal-heading">
                {section.heading}
              </Typography.Title>
              {section.paragraphs.map((p) => (
                <Typography.Paragraph key={p.slice(0, 24)}>{p}</Typography.Paragraph>
              ))}
              {section.items && (
                <ul className="portal-legal-list">
                  {section.items.map((item) => (
                    <li key={item.slice(0, 24)}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </Card>
        {!mobile && (
          <nav className="portal-legal-toc" aria-label={doc.contents}>
            <Typography.Text strong>{doc.contents}</Typography.Text>
            <Anchor
              offsetTop={16}
              items={doc.sections.map((s) => ({ key: s.id, href: `#privacy-${s.id}`, title: s.heading }))}
            />
          </nav>
        )}
      </Flex>
    </main>
  );
}
