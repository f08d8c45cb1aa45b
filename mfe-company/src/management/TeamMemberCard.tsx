import styled from 'styled-components';
import { Card } from '@site/shared-ui';
import { teamImagePath, type TeamMember } from '@site/content';

/** Intrinsic size of a portrait (content/public/images/team, viewBox 0 0 320 320). */
const PORTRAIT_SIZE = 320;

const Portrait = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Body = styled.div`
  padding: 20px;
  h2 { margin: 0 0 4px; font-size: ${({ theme }) => theme.typeScale.lg}; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 0; }
`;

const Position = styled.p`
  margin-bottom: 12px !important;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;

export interface TeamMemberCardProps {
  member: TeamMember;
  /** Load the portrait at once (first row) rather than when scrolled near. */
  eager: boolean;
}

/** A member of the management team: portrait, name, position and bio. */
export function TeamMemberCard({ member, eager }: TeamMemberCardProps) {
  return (
    <Card>
      <Portrait
        src={teamImagePath(member.image)}
        alt={member.altTextForImg}
        width={PORTRAIT_SIZE}
        height={PORTRAIT_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <Body>
        <h2>{member.name}</h2>
        <Position>{member.position}</Position>
        <p>{member.bio}</p>
      </Body>
    </Card>
  );
}
