import { PROVIDER_SIGN_STATUS } from '@portal/domain/dictionaries/codes';
import { PROVIDER_SWITCHES } from '@portal/domain/provider-accounts/codes';
import { Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProviderAbility } from '../api/query-ability.ts';

/**
 * What the provider of the signed-in staff may use (queryAbility, decision 0027): its signed
 * state and each function switch. Menus of functions that are off are already absent.
 */
export function ProviderAbilityCard() {
  const { t, i18n } = useTranslation('home');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const query = useProviderAbility();
  // A failed lookup leaves the card out (spec: failures on lookups show nothing).
  if (query.isError) return null;
  const ability = query.data;
  return (
    <Card title={t('ability.title')} size="small">
      {!ability ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : ability.status === null ? (
        <Typography.Text type="secondary">{t('ability.noProvider')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          <div>
            {ability.signStatus === PROVIDER_SIGN_STATUS.SIGNED.code ? (
              <Tag color="blue">{PROVIDER_SIGN_STATUS.SIGNED[lang]}</Tag>
            ) : (
              <>
                <Tag>{PROVIDER_SIGN_STATUS.UNSIGNED[lang]}</Tag>
                <Typography.Text type="secondary">{t('ability.unsigned')}</Typography.Text>
              </>
            )}
          </div>
          <Flex wrap gap={8}>
            {PROVIDER_SWITCHES.map((s) => {
              const usable = ability.functions?.includes(s.function.code) ?? false;
              return (
                <Tag key={s.field} color={usable ? 'green' : 'default'}>
                  {s.function[lang]}: {usable ? t('ability.on') : t('ability.off')}
                </Tag>
              );
            })}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
