/** Design tokens of the site. Numbers are the spec's ("Business constants and limits"). */
export const theme = {
  colors: {
    brand: '#003c75',
    brandDark: '#002a52',
    brandLight: '#e6eef6',
    accent: '#f2a900',
    /** The accent for text on white: #f2a900 is only 2:1 there, this is 4.6:1 (WCAG AA). */
    accentText: '#a35f00',
    text: '#1b2430',
    textMuted: '#4a5563',
    surface: '#ffffff',
    surfaceAlt: '#f4f6f9',
    border: '#d5dbe3',
    error: '#b3261e',
    success: '#1e7b34',
    /** Behind an error message's text (LoadError). */
    errorSurface: '#fdf3f2',
    /** Hover of a button filled with the accent: a lighter accent. */
    accentHover: '#ffbf2e',
    /** The 'Online' dot of the chat's header. */
    online: '#4ade80',
    /** Text, icons and outlines on the brand colours, the dark overlays below and other dark fills (tooltips). */
    onBrand: '#ffffff',
    /** The footer's body text: a little softer than its white links and headings. */
    onBrandMuted: '#e8eef5',
    /** Secondary text on the home carousel. */
    onBrandSoft: 'rgba(255, 255, 255, 0.85)',
    /** The rule above the footer's copyright line. */
    dividerOnBrand: 'rgba(255, 255, 255, 0.2)',
    /** The ring of the carousel's round buttons. */
    outlineOnBrand: 'rgba(255, 255, 255, 0.7)',
    /** The carousel's dots other than the current one. */
    indicatorOnBrand: 'rgba(255, 255, 255, 0.55)',
    /** Hover of a transparent button on a brand background (chat header, carousel buttons). */
    hoverOnBrand: 'rgba(255, 255, 255, 0.15)',
    /** Hover of the carousel's outlined 'Our Catalogue' link: lighter than a button's, beside the accent one. */
    hoverOnBrandSubtle: 'rgba(255, 255, 255, 0.12)',
    /** brandDark laid over pictures, as opaque as each place needs for white text on it to read. */
    overlay: {
      /** The carousel's backdrop, from behind the slide's text (left) to where the picture shows through (right). */
      backdropText: 'rgba(0, 42, 82, 0.92)',
      backdropMiddle: 'rgba(0, 42, 82, 0.7)',
      backdropPicture: 'rgba(0, 42, 82, 0.35)',
      /** Behind the carousel's round buttons. */
      control: 'rgba(0, 42, 82, 0.5)',
      /** A certificate's caption over its picture, on hover. */
      caption: 'rgba(0, 42, 82, 0.55)',
      /** The same caption on touch screens, always shown: the foot of a gradient. */
      captionTouch: 'rgba(0, 42, 82, 0.75)',
    },
    /** Dims the page behind a dialog: the modal, and the drawer a little less. */
    backdrop: { modal: 'rgba(0, 20, 40, 0.6)', drawer: 'rgba(0, 20, 40, 0.5)' },
  },
  /** Spacing steps in px: space(2) = 16px. */
  spacingUnit: 8,
  typeScale: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: '2rem',
    display: '2.75rem',
  },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  radius: { sm: '4px', md: '8px', lg: '16px' },
  shadow: {
    card: '0 2px 10px rgba(0, 40, 82, 0.10)',
    raised: '0 8px 24px rgba(0, 40, 82, 0.18)',
    /** A picture lifted off a dark background (the carousel's slides). */
    picture: '0 16px 40px rgba(0, 0, 0, 0.35)',
  },
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  /** Breadcrumb collapse and mobile layouts. */
  mobile: 640,
  /** The chat panel goes full screen at this width or less. */
  chatMobile: 576,
  /**
   * The floating controls on a phone (chatMobile or less): one cluster in the bottom corner at the inline end (the
   * right, the left on a right-to-left page), the round chat button in the corner and the brochure's icon button
   * beside it, both in a strip of edge + chatButton px at the bottom of the screen. In px.
   */
  floating: { edge: 16, chatButton: 56, iconButton: 48, gap: 12 },
  /** The header shows its navigation links only above this width. */
  wideNav: 1024,
  desktop: 1400,
} as const;

export type Theme = typeof theme;

export const space = (steps: number): string => `${steps * theme.spacingUnit}px`;

/** Media query for "width at most N px". */
export const maxWidth = (px: number): string => `@media (max-width: ${px}px)`;
