import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { parseMessageText } from './parseMessageText';

export interface MessageTextProps {
  text: string;
  /** Called when a link of the message is followed (the panel gets out of the way on a phone). */
  onNavigate?: () => void;
}

/** A message's text: site links as in-app navigation, **bold** as <strong>, the rest as plain text. Never HTML. */
export function MessageText({ text, onNavigate }: MessageTextProps) {
  return (
    <>
      {parseMessageText(text).map((segment, index) => {
        if (segment.kind === 'bold') return <strong key={index}>{segment.text}</strong>;
        if (segment.kind === 'link') {
          return (
            <Link key={index} to={segment.to} onClick={onNavigate}>
              {segment.text}
            </Link>
          );
        }
        return <Fragment key={index}>{segment.text}</Fragment>;
      })}
    </>
  );
}
