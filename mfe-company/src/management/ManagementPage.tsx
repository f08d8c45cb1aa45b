import { useEffect } from 'react';
import styled from 'styled-components';
import { Breadcrumb, CardGrid, LoadError, PageContainer, Reveal, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import { fetchOurTeam, selectOurTeam, selectOurTeamStatus } from './ourTeamSlice';
import { TeamMemberCard } from './TeamMemberCard';
import { HOME_PATH } from '@site/contracts/paths';
import { useText } from '../i18n/useText';

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
  const text = useText();
  const dispatch = useAppDispatch();
  const team = useAppSelector(selectOurTeam);
  const status = useAppSelector(selectOurTeamStatus);

  useEffect(() => {
    const request = dispatch(fetchOurTeam());
    return () => request.abort();
  }, [dispatch]);

  // A team from an earlier visit stays on screen while it is fetched again.
  const body =
    team.length > 0 ? (
      <Grid as="ul" aria-label={text('company.management.team')}>
        {team.map((member, index) => (
          <Reveal key={member.id} as="li" index={index}>
            <TeamMemberCard member={member} eager={index < 4} />
          </Reveal>
        ))}
      </Grid>
    ) : status === 'failed' ? (
      <LoadError message={text('company.management.loadError')} onRetry={() => dispatch(fetchOurTeam())} />
    ) : (
      <Loading>
        <Spinner label={text('company.management.loading')} />
        <p aria-hidden="true">{text('company.management.loading')}</p>
      </Loading>
    );

  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('company.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('company.management.title') },
        ]}
      />
      <SectionHeading>{text('company.management.title')}</SectionHeading>
      <Lead>{text('company.management.lead')}</Lead>
      {body}
    </PageContainer>
  );
}
