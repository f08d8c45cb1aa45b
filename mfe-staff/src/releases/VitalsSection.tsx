// The field vitals in the releases console: per remote, its stable release beside its live canary over the hours the
// canary-hold rule compares (all pages, then per page pattern), with the rule's verdict; and the site's every page
// pattern over 28 days, per edition, phones and desktops apart. Figures as the server read them from its histograms.
import styled from 'styled-components';
import { LoadError, Spinner } from '@site/shared-ui';
import {
  CONSOLE_METRICS,
  VITAL_LIMITS,
  type ConsoleMetric,
  type ReleaseVitals,
  type VitalFigure,
  type VitalFigures,
} from '@site/contracts/vitals-api';
import { useReleaseVitalsQuery, useSiteVitalsQuery } from '../api/staffApi';
import { Table } from '../ui/Table';
import { formatDateTime } from '../ui/format';
import { staffResource } from '../ui/staffResource';

const Verdict = styled.p<{ $held: boolean }>`
  padding: 12px 16px;
  border: 1px solid ${({ theme, $held }) => ($held ? theme.colors.error : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme, $held }) => ($held ? theme.colors.errorSurface : theme.colors.surfaceAlt)};
`;

/** "2.43 s", "180 ms", "0.052": a p75 as the rule's sentence says it. */
export function formatP75(metric: ConsoleMetric, value: number | null): string {
  if (value === null) return '—';
  if (VITAL_LIMITS[metric].unit === '') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

const views = (count: number) => `${count} ${count === 1 ? 'view' : 'views'}`;
const goodText = ({ goodShare }: VitalFigure): string =>
  goodShare === null ? '—' : `${Math.round(goodShare * 100)} %`;

/** The metrics' column headers: each one's p75 (with its page views) and its share of good page views. */
function MetricHeaders() {
  return (
    <>
      {CONSOLE_METRICS.map((metric) => (
        <th key={`${metric}-p75`} scope="col">
          {metric} p75
        </th>
      ))}
      {CONSOLE_METRICS.map((metric) => (
        <th key={`${metric}-good`} scope="col">
          {metric} good
        </th>
      ))}
    </>
  );
}

function MetricCells({ vitals }: { vitals: VitalFigures }) {
  return (
    <>
      {CONSOLE_METRICS.map((metric) => (
        <td key={`${metric}-p75`}>
          {vitals[metric].samples === 0
            ? '—'
            : `${formatP75(metric, vitals[metric].p75)} (${views(vitals[metric].samples)})`}
        </td>
      ))}
      {CONSOLE_METRICS.map((metric) => (
        <td key={`${metric}-good`}>{goodText(vitals[metric])}</td>
      ))}
    </>
  );
}

const ALL_PAGES = 'All pages';

/** A remote's stable release beside its canary: all pages, then each page pattern either side had. */
export function RemoteVitals({ remote }: { remote: string }) {
  const { resource, retry } = staffResource(useReleaseVitalsQuery(remote));
  if (resource.status === 'failed')
    return (
      <LoadError message={`The field vitals of ${remote} could not be loaded. ${resource.error}`} onRetry={retry} />
    );
  const report = resource.data;
  if (report === undefined) return <Spinner label={`Loading the field vitals of ${remote}`} />;
  const sides: { label: string; vitals: ReleaseVitals }[] = [
    { label: `${report.stable.version} (stable)`, vitals: report.stable },
  ];
  if (report.canary !== null) sides.push({ label: `${report.canary.version} (canary)`, vitals: report.canary });
  const routes = [ALL_PAGES, ...new Set(sides.flatMap(({ vitals }) => vitals.routes.map(({ route }) => route)))];
  const window =
    report.canary === null ? 'the last 24 hours' : 'the hours of the last 24 in which the canary had page views';
  return (
    <>
      <p>
        Visitors' own page speed over {window} ({formatDateTime(report.since)} to {formatDateTime(report.until)}):{' '}
        {sides.map(({ label, vitals }) => `${vitals.sessions} sessions on ${label}`).join(', ')}. Good: LCP at most 2.5
        s, INP at most 200 ms, CLS at most 0.1.
      </p>
      {report.hold !== null && <Verdict $held={report.hold.held}>{report.hold.sentence}</Verdict>}
      <Table caption={`Field vitals of ${remote}, stable beside canary`}>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Release</th>
            <MetricHeaders />
          </tr>
        </thead>
        <tbody>
          {routes.flatMap((route) =>
            sides.map(({ label, vitals }) => {
              const figures =
                route === ALL_PAGES ? vitals.all : vitals.routes.find((each) => each.route === route)?.vitals;
              return (
                <tr key={`${route} ${label}`}>
                  <th scope="row">
                    <code dir="ltr">{route}</code>
                  </th>
                  <td>{label}</td>
                  {figures === undefined ? (
                    <td colSpan={CONSOLE_METRICS.length * 2}>No page views</td>
                  ) : (
                    <MetricCells vitals={figures} />
                  )}
                </tr>
              );
            }),
          )}
        </tbody>
      </Table>
    </>
  );
}

const EDITIONS = { en: 'English', ar: 'Arabic' } as const;
const DEVICES = { phone: 'Phones', desktop: 'Desktops' } as const;

/** The site's every page pattern over 28 days, per edition and device. */
export function SiteVitals() {
  const { resource, retry } = staffResource(useSiteVitalsQuery());
  let body;
  if (resource.status === 'failed')
    body = <LoadError message={`The site's field vitals could not be loaded. ${resource.error}`} onRetry={retry} />;
  else if (resource.data === undefined) body = <Spinner label="Loading the site's field vitals" />;
  else if (resource.data.pages.length === 0) body = <p>No page views counted in the last {resource.data.days} days.</p>;
  else {
    const report = resource.data;
    body = (
      <Table
        caption={`Every page over the last ${report.days} days (${formatDateTime(report.since)} to ${formatDateTime(report.until)})`}
      >
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Edition</th>
            <th scope="col">Device</th>
            <MetricHeaders />
          </tr>
        </thead>
        <tbody>
          {report.pages.map((page) => (
            <tr key={`${page.route} ${page.edition} ${page.device}`}>
              <th scope="row">
                <code dir="ltr">{page.route}</code>
              </th>
              <td>{EDITIONS[page.edition]}</td>
              <td>{DEVICES[page.device]}</td>
              <MetricCells vitals={page.vitals} />
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <section aria-labelledby="site-vitals">
      <h2 id="site-vitals">Page speed of the site</h2>
      <p>Visitors' own page speed, every release together; tablets are in neither column.</p>
      {body}
    </section>
  );
}
