import { Link } from 'react-router-dom';
import { formatDubaiTime } from '@site/contracts/staff-catalogue-api';
import { Notice } from '../../ui/Notice';
import { useListSchedulesQuery } from '../catalogueApi';
import { editPath } from '../catalogueCalls';

/** The drafts scheduled to be published, the soonest first (nothing when there are none). */
export function UpcomingSchedules() {
  const { data, isError } = useListSchedulesQuery();
  if (isError) return <Notice tone="error">The scheduled publishes could not be loaded.</Notice>;
  if (data === undefined || data.schedules.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-schedules-heading">
      <h2 id="upcoming-schedules-heading">Scheduled to publish</h2>
      <ul>
        {data.schedules.map((schedule) => (
          <li key={schedule.id}>
            <Link to={editPath(schedule.productId)}>{schedule.productName}</Link> on {formatDubaiTime(schedule.dueAt)}{' '}
            (Dubai time), scheduled by {schedule.scheduledBy}
          </li>
        ))}
      </ul>
    </section>
  );
}
