import { MenuOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { THomePage } from '../api/get-home-page.ts';

/** The tenant's users, roles and menus. */
export function StatsCards({ stats }: { stats: NonNullable<THomePage['stats']> }) {
  const { t } = useTranslation('home');
  const cards = [
    { key: 'users', icon: <TeamOutlined aria-hidden />, value: stats.users },
    { key: 'roles', icon: <SafetyOutlined aria-hidden />, value: stats.roles },
    { key: 'menus', icon: <MenuOutlined aria-hidden />, value: stats.menus },
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={8}>
          <Card>
            <Statistic title={t(`stats.${card.key}`)} value={card.value} prefix={card.icon} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
