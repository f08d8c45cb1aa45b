import { useId, type ReactNode, type SVGProps } from 'react';

export interface IconProps extends SVGProps<SVGSVGElement> {
  /** Width and height in px (24 by default). */
  size?: number;
  /** Accessible name; without one the icon is decorative and hidden from screen readers. */
  title?: string;
  /**
   * A directional icon (arrow, chevron, send) points the other way on a right-to-left page (GlobalStyle:
   * `svg[data-mirror-rtl]:dir(rtl)`), so 'previous' points to the start and 'next' to the end in either direction.
   * False keeps it as drawn.
   */
  mirrorInRtl?: boolean;
}

/** How an icon's shapes are painted: outlined line art, or solid shapes (star, logos). */
type Paint = 'stroke' | 'fill';

const paintProps: Record<Paint, SVGProps<SVGSVGElement>> = {
  stroke: { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' },
  fill: { fill: 'currentColor', stroke: 'none' },
};

/**
 * Builds an inline 24×24 icon in the text colour (currentColor), so icons need no download, no
 * icon font, and follow the colour of the button or link they sit in.
 */
function createIcon(displayName: string, paint: Paint, shapes: ReactNode, directional = false) {
  function Icon({ size = 24, title, mirrorInRtl = directional, ...svgProps }: IconProps) {
    const titleId = useId();
    const a11y = title ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true, focusable: false };
    const mirror = mirrorInRtl ? { 'data-mirror-rtl': '' } : {};
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" {...paintProps[paint]} {...a11y} {...mirror} {...svgProps}>
        {title && <title id={titleId}>{title}</title>}
        {shapes}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const PhoneIcon = createIcon(
  'PhoneIcon',
  'stroke',
  <path d="M5 3h3.5L10 7.5 8 9a11 11 0 0 0 7 7l1.5-2 4.5 1.5V19a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z" />,
);

export const SearchIcon = createIcon(
  'SearchIcon',
  'stroke',
  // one path, the ring and the handle: an element less in every page's header (first-view budgets)
  <path d="M17 10.5a6.5 6.5 0 1 1-13 0a6.5 6.5 0 1 1 13 0ZM15.5 15.5 20 20" />,
);

export const MenuIcon = createIcon('MenuIcon', 'stroke', <path d="M4 6h16M4 12h16M4 18h16" />);

export const CloseIcon = createIcon('CloseIcon', 'stroke', <path d="M6 6l12 12M18 6 6 18" />);

export const MailIcon = createIcon(
  'MailIcon',
  'stroke',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </>,
);

export const LocationIcon = createIcon(
  'LocationIcon',
  'stroke',
  <>
    <path d="M12 21.5s-7-6-7-11.5a7 7 0 0 1 14 0c0 5.5-7 11.5-7 11.5z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
);

export const DownloadIcon = createIcon('DownloadIcon', 'stroke', <path d="M12 4v11M7 10l5 5 5-5M4 20h16" />);

export const LinkedInIcon = createIcon(
  'LinkedInIcon',
  'fill',
  <path
    fillRule="evenodd"
    d="M5 2h14a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zm2.5 3.5a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5zM6 10.5V18h3v-7.5H6zm5 0V18h3v-4c0-1.1.6-1.8 1.5-1.8s1.5.7 1.5 1.8v4h3v-4.6c0-2.3-1.3-3.1-2.9-3.1-1.2 0-2.1.5-2.6 1.3v-1.1h-3.5z"
  />,
);

export const InstagramIcon = createIcon(
  'InstagramIcon',
  'stroke',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
  </>,
);

/** Points to the start: the left, the right on a right-to-left page ('previous'). */
export const ChevronLeftIcon = createIcon('ChevronLeftIcon', 'stroke', <path d="m15 5-7 7 7 7" />, true);

/** Points to the end: the right, the left on a right-to-left page ('next'). */
export const ChevronRightIcon = createIcon('ChevronRightIcon', 'stroke', <path d="m9 5 7 7-7 7" />, true);

export const PauseIcon = createIcon('PauseIcon', 'fill', <path d="M7 5h3v14H7zM14 5h3v14h-3z" />);

export const PlayIcon = createIcon('PlayIcon', 'fill', <path d="M8 5v14l11-7z" />);

export const StarIcon = createIcon(
  'StarIcon',
  'fill',
  <path d="M12 2.6l2.59 6.44 6.92.47-5.33 4.45 1.7 6.73L12 17l-5.88 3.69 1.7-6.73-5.33-4.45 6.92-.47z" />,
);

export const ChatIcon = createIcon(
  'ChatIcon',
  'stroke',
  <>
    <path d="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
    <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" />
  </>,
);

/** Flies towards the end of the line: mirrored on a right-to-left page. */
export const SendIcon = createIcon('SendIcon', 'stroke', <path d="M21 3 3 10.5l7.5 3L14 21zM21 3 10.5 13.5" />, true);

export const MinimizeIcon = createIcon('MinimizeIcon', 'stroke', <path d="M5 17h14" />);

export const FaxIcon = createIcon(
  'FaxIcon',
  'stroke',
  <>
    <path d="M7 9V3h7.5L17 5.5V9" />
    <rect x="3" y="9" width="18" height="11" rx="2" />
    <rect x="6" y="12" width="4" height="5" rx="1" />
    <path d="M13.5 13h3M13.5 16h3" />
  </>,
);
