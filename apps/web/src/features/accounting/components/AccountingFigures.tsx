import { ACC_VIEW } from '@portal/domain/accounting/rules';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useAccDashboard } from '../api/dashboard.ts';
import { amountsText } from './status.tsx';

/**
 * The home board's finance figures (decision 0045): operators see the claims awaiting audit, the
 * payments awaiting confirmation and what is approved and not yet paid; provider staff what is to
 * reconcile and what was paid this month. Absent without the permission or when the call fails.
 */
export function AccountingFigures() {
  const { t } = useTranslation('accounting');
  const allowed = usePermission().has(ACC_VIEW);
  const figures = useAccDashboard(allowed);
  if (!allowed || !figures.data) return null;
  const d = figures.data;
  const cards =
    d.side === 'operator'
      ? [
          {
            key: 'audit',
            title: t('dashboard.claimsAwaitingAudit'),
            value: d.claimsAwaitingAudit?.batches ?? 0,
            note: t('dashboard.batchesLines', {
              batches: d.claimsAwaitingAudit?.batches ?? 0,
              lines: d.claimsAwaitingAudit?.lines ?? 0,
            }),
          },
          {
            key: 'confirm',
            title: t('dashboard.awaitingConfirmation'),
            value: d.awaitingConfirmation?.batches ?? 0,
            note: amountsText(d.awaitingConfirmation?.amounts ?? []),
          },
          { key: 'outstanding', title: t('dashboard.outstanding'), text: amountsText(d.outstanding ?? []) },
          { key: 'disputes', title: t('dashboard.openDisputes'), value: d.openDisputes },
        ]
      : [
          {
            key: 'reconcile',
            title: t('dashboard.toReconcile'),
            value: d.toReconcile?.batches ?? 0,
            note: amountsText(d.toReconcile?.amounts ?? []),
          },
          {
            key: 'paid',
            title: t('dashboard.paidThisMonth', { month: d.month }),
            text: amountsText(d.paidThisMonth ?? []),
          },
          { key: 'disputes', title: t('dashboard.openDisputes'), value: d.openDisputes },
        ];
  return (
    <Card title={t('dashboard.title')} extra={<Link to="/claim/acc">{t('dashboard.open')}</Link>}>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={12} lg={24 / cards.length}>
            {'text' in c ? (
              <Statistic title={c.title} value={c.text} styles={{ content: { fontSize: 18 } }} />
            ) : (
              <>
                <Statistic title={c.title} value={c.value} />
                {c.note && <div style={{ color: 'rgba(0,0,0,0.65)' }}>{c.note}</div>}
              </>
            )}
          </Col>
        ))}
      </Row>
    </Card>
  );
}
