import { useEffect } from 'react';
import styled from 'styled-components';
import { Breadcrumb, CardGrid, LoadError, PageContainer, Reveal, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import { fetchOurTeam, selectOurTeam, selectOurTeamStatus } from './ourTeamSlice';
import { TeamMemberCard } from './TeamMemberCard';
import { HOME_PATH } from '@site/contracts/paths';

const breadcrumb = [{ moduleName: 'Home', link: HOME_PATH }, { moduleName: 'Management' }];

export const LOADING_TEXT = 'Loading our team...';
export const LOAD_ERROR_TEXT = 'We could not load our team just now. Please check your connection and try again.';

const Lead = styled.p`
  max-width: 70ch;
  margin: 0 0 32px;
  font-size: ${({ theme }) => theme.typeScale.lg};
`;

const Loading = styled.div`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p { margin: 0; }
`;

const Grid = styled(CardGrid)`
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
`;

/** /management: the team, loaded from /data/our-team.json each time the page opens. */
/** For the server (shared-store's LoadFirstView): the page's data as its effect below loads it, so the HTML has it. */
export const loadFirstView: LoadFirstView = ({ dispatch }) => dispatch(fetchOurTeam());

export default function ManagementPage() {
  const dispatch = useAppDispatch();
  const team = useAppSelector(selectOurTeam);
  const status = useAppSelector(selectOurTeamStatus);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    const request = dispatch(fetchOurTeam());
    return () => request.abort();
  }, [dispatch]);

  // A team from an earlier visit stays on screen while it is fetched again.
  const body =
    team.length > 0 ? (
      <Grid as="ul" aria-label="Our team">
        {team.map((member, index) => (
          <Reveal key={member.id} as="li" index={index}>
            <TeamMemberCard member={member} eager={index < 4} />
          </Reveal>
        ))}
      </Grid>
    ) : status === 'failed' ? (
      <LoadError message={LOAD_ERROR_TEXT} onRetry={() => dispatch(fetchOurTeam())} />
    ) : (
      <Loading>
        <Spinner label={LOADING_TEXT} />
        <p aria-hidden="true">{LOADING_TEXT}</p>
      </Loading>
    );

  return (
    <PageContainer>
      <Breadcrumb items={breadcrumb} />
      <SectionHeading>Management</SectionHeading>
      <Lead>
        The people who lead Crescent Electrical Trading across Dubai, Oman, Bahrain and Saudi Arabia: decades of experience in
        electrical supply, quality and service.
      </Lead>
      {body}
    </PageContainer>
  );
}
