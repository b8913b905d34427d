import { RightOutlined } from '@ant-design/icons';
import { Alert, Badge, Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { errorText } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { useWaiting } from '../api/waiting';
import { WAITING, waitingLink } from '../waiting-links';

/**
 * The dashboard's first card: how much waits in each queue the operator works, each count a link
 * to that queue filtered to what waits. Queues with something waiting come first.
 */
export function WaitingForYou({ tenantId }: { tenantId: string | undefined }) {
  const t = useT();
  const waiting = useWaiting(tenantId);
  const list = [...(waiting.data?.list ?? [])].sort((a, b) => Number(b.count > 0) - Number(a.count > 0));
  if (waiting.data && list.length === 0) return null;
  const total = list.reduce((n, q) => n + q.count, 0);
  return (
    <Card
      title={t('waiting.title')}
      data-testid="dashboard-waiting"
      loading={waiting.isLoading}
      extra={
        waiting.data ? (
          <Badge
            status={total ? 'warning' : 'success'}
            text={total ? t('waiting.total', { n: total }) : t('waiting.nothing')}
          />
        ) : null
      }
    >
      {waiting.error ? <Alert type="error" showIcon title={errorText(waiting.error)} /> : null}
      <Row gutter={[16, 16]}>
        {list.map(({ queue, count }) => (
          <Col key={queue} xs={24} sm={12} lg={6}>
            <Link to={waitingLink(queue, tenantId)} data-testid={`waiting-${queue}`} data-count={count}>
              <Card size="small" hoverable className="ds-full-height">
                <Statistic
                  title={t(WAITING[queue].label)}
                  value={count}
                  classNames={{ content: count ? 'ds-waiting-some' : 'ds-waiting-none' }}
                  suffix={<RightOutlined className="ds-small" />}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" className="ds-note">
        {t('waiting.explain')}
      </Typography.Paragraph>
    </Card>
  );
}
