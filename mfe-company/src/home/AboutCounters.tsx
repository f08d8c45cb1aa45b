import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CountUp } from '@site/shared-ui';
import type { HomeContent } from '@site/content';
import { useText } from '../i18n/useText';

const Band = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 40px;
  align-items: center;
  padding: 40px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.brandLight};
  h2 { margin: 0 0 16px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xxl}; }
  p { margin: 0 0 12px; }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) { grid-template-columns: minmax(0, 1fr); padding: 24px; }
`;

const Figures = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 20px 16px;
    text-align: center;
    background: ${({ theme }) => theme.colors.surface};
    border-radius: ${({ theme }) => theme.radius.md};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Figure = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.brand};
  font-size: ${({ theme }) => theme.typeScale.display};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  line-height: 1.1;
`;

const Label = styled.span`
  display: block;
  margin-top: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
`;

export interface AboutCountersProps {
  about: HomeContent['about'];
  counters: HomeContent['counters'];
}

/** 'About Us' on the home page: who we are and four figures that count up (5 s) the first time they are seen. */
export function AboutCounters({ about, counters }: AboutCountersProps) {
  const text = useText();
  return (
    <Band aria-labelledby="home-about">
      <div>
        <h2 id="home-about">{about.heading}</h2>
        {about.text.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <Link to="/about">{text('company.home.moreAboutUs')}</Link>
      </div>
      <Figures aria-label={text('company.home.figures')}>
        {counters.map((counter) => (
          <li key={counter.label}>
            <Figure>
              <CountUp end={counter.end} suffix={counter.suffix} />
            </Figure>
            <Label>{counter.label}</Label>
          </li>
        ))}
      </Figures>
    </Band>
  );
}
