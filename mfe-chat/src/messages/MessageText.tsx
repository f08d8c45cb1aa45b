import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLocale } from '@site/shared-store';
import { splitLocale } from '@site/contracts/locale';
import { parseMessageText } from './parseMessageText';

export interface MessageTextProps {
  text: string;
  /** Called when a link of the message is followed (the panel gets out of the way on a phone). */
  onNavigate?: () => void;
}

/** An Arabic letter: a message holding one is written right to left. */
const ARABIC_LETTER = /[\u0621-\u064a\u066e-\u06d3]/;

/** Whether a text is (partly) Arabic. */
export const hasArabic = (text: string): boolean => ARABIC_LETTER.test(text);

/**
 * A run of left-to-right text inside Arabic text: a phone number ('+971 4 347 1100'), an e-mail, a code or a technical
 * value ('Cu/XLPE/SWA/PVC (BS 5467)', '25 A, 40 A, 63 A'): from a Latin letter, a digit, '+' or an opening bracket, over
 * Latin letters, digits, spaces and technical punctuation, up to the next Arabic character or line end.
 */
const LEFT_TO_RIGHT_RUN = /[A-Za-z0-9+([][\w@+\-–.,:;/×%°²³'&()[\] ]*/g;
/** Spaces and sentence punctuation a run ends with belong to the sentence around it. */
const SENTENCE_END = /[\s.,:;]/;

const count = (text: string, char: string): number => text.split(char).length - 1;

/** Where the left-to-right runs of `text` are ([start, end) offsets), each trimmed to what reads left to right. */
function leftToRightRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  for (const match of text.matchAll(LEFT_TO_RIGHT_RUN)) {
    let start = match.index;
    let end = start + match[0].length;
    const trimEnd = () => {
      while (end > start && SENTENCE_END.test(text[end - 1]!)) end -= 1;
    };
    trimEnd();
    // a bracket that pairs with none inside the run belongs to the Arabic sentence ('(RCCB)' stays whole)
    const run = text.slice(start, end);
    if (run.startsWith('(') && count(run, '(') > count(run, ')')) start += 1;
    else if (run.endsWith(')') && count(run, ')') > count(run, '(')) {
      end -= 1;
      trimEnd();
    }
    if (/[A-Za-z0-9]/.test(text.slice(start, end))) runs.push([start, end]);
  }
  return runs;
}

/**
 * `text` with its left-to-right runs isolated (<bdi dir="ltr">): inside a right-to-left line the groups of a phone
 * number or the items of '25 A, 40 A, 63 A' would otherwise come out in reverse order.
 */
function isolated(text: string): ReactNode {
  const runs = leftToRightRuns(text);
  if (runs.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of runs) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <bdi key={start} dir="ltr">
        {text.slice(start, end)}
      </bdi>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A message's text: site links as in-app navigation, **bold** as <strong>, the rest as plain text. Never HTML.
 * A link to a page of this page's edition navigates in the app; one to the other edition ('/ar/…' from an English page,
 * when the question was asked in Arabic) loads that page. In Arabic text, phone numbers, e-mails, codes and technical
 * values are isolated left to right.
 */
export function MessageText({ text, onNavigate }: MessageTextProps) {
  const locale = useLocale();
  // a message without Arabic is shown left to right as a whole (MessageList): nothing to isolate in it
  const plain = (value: string) => (hasArabic(text) ? isolated(value) : value);
  return (
    <>
      {parseMessageText(text).map((segment, index) => {
        if (segment.kind === 'bold') return <strong key={index}>{plain(segment.text)}</strong>;
        if (segment.kind === 'link') {
          const target = splitLocale(segment.to);
          if (target.locale !== locale) {
            return (
              <a key={index} href={segment.to} onClick={onNavigate}>
                {plain(segment.text)}
              </a>
            );
          }
          return (
            <Link key={index} to={target.path} onClick={onNavigate}>
              {plain(segment.text)}
            </Link>
          );
        }
        return <Fragment key={index}>{plain(segment.text)}</Fragment>;
      })}
    </>
  );
}
