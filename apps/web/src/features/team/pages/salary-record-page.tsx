import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { CoinsIcon } from '../../../shared/ui';
import { useSalaryRecords } from '../api/salary';
import { useTeamCurrency } from '../api/team';
import { Loading, Paged, TeamPage } from '../components/shell';
import { formatDateTime } from '../lib/format';

function Records() {
  const t = useT();
  const records = useSalaryRecords();
  const currency = useTeamCurrency();
  if (currency === null) return <Loading />;
  return (
    <Paged
      query={records}
      testId="salary-records"
      empty={{ title: t('salary.noRecords'), description: t('salary.noRecordsText'), icon: <CoinsIcon /> }}
      render={(record) => (
        <li className="ds-team-row" key={record.id} data-testid={`salary-record-${record.id}`}>
          <span className="ds-row-main">
            <span className="ds-row-title">{t('salary.recordTitle', { level: record.level })}</span>
            <time className="ds-team-row__meta" dateTime={record.claimedAt}>
              {formatDateTime(record.claimedAt, t.language)}
            </time>
          </span>
          <span className="ds-team-row__amount ds-team-gain">
            {formatMoney(record.amount, currency, { sign: true })}
          </span>
        </li>
      )}
    />
  );
}

/** /pages/profile/monthly-salary/record: the user's salary claims, newest first. */
export default function SalaryRecordPage() {
  const t = useT();
  return (
    <TeamPage title={t('salary.records')} backUrl={ROUTES.monthlySalary}>
      <Records />
    </TeamPage>
  );
}
