import { Fragment } from 'react';
import styled from 'styled-components';
import { highlightSegments } from '@site/content/search-text';

const Mark = styled.mark`
  padding: 0;
  background: none;
  color: inherit;
  font-weight: 800;
  text-decoration: underline;
  text-decoration-thickness: 2px;
  text-underline-offset: 2px;
`;

export interface HighlightedProps {
  text: string;
  /** What the search looked for, folded (the server's answer names them). */
  phrases: readonly string[];
}

/** `text` with what the search found in it marked: parts drawn as text, so a name's markup is never read as HTML. */
export function Highlighted({ text, phrases }: HighlightedProps) {
  if (phrases.length === 0) return <>{text}</>;
  return (
    <>
      {highlightSegments(text, phrases).map((segment, index) =>
        segment.marked ? <Mark key={index}>{segment.text}</Mark> : <Fragment key={index}>{segment.text}</Fragment>,
      )}
    </>
  );
}
