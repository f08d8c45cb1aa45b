// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a .d.ts has no module to import; this brings the theme's typing to every consumer
/// <reference path="./theme/styled.d.ts" />
export { theme, space, maxWidth, type Theme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { ThemeRoot } from './theme/ThemeRoot';
export { Spinner, VisuallyHidden, type SpinnerProps } from './components/Spinner/Spinner';
export { Card, CardGrid } from './components/Card/Card';
export { Button, ButtonLink } from './components/Button/Button';
export { ErrorText, Field, type FieldProps, type FieldControlProps } from './components/Field/Field';
export { fieldControlStyles } from './components/Field/fieldControls';
export { Honeypot, type HoneypotProps } from './components/Honeypot/Honeypot';
export { SectionHeading } from './components/SectionHeading/SectionHeading';
export { PageContainer } from './components/PageContainer/PageContainer';
export { Breadcrumb, type BreadcrumbProps } from './components/Breadcrumb/Breadcrumb';
export { collapseBreadcrumb, type BreadcrumbItem } from './components/Breadcrumb/collapseBreadcrumb';
export { LoadError, type LoadErrorProps } from './components/LoadError/LoadError';
export { useMediaQuery } from './hooks/useMediaQuery';
export { useHydrated } from './hooks/useHydrated';
export { Modal, type ModalProps } from './components/Modal/Modal';
export { Drawer, type DrawerProps } from './components/Drawer/Drawer';
export { useDialogFocus } from './hooks/useDialogFocus';
export { useInView, canObserveIntersections, type InViewOptions } from './hooks/useInView';
export {
  Tooltip,
  TOOLTIP_ENTER_DELAY_MS,
  TOOLTIP_TOUCH_ENTER_DELAY_MS,
  TOOLTIP_TOUCH_LEAVE_DELAY_MS,
  TOOLTIP_MAX_WIDTH_PX,
  type TooltipProps,
} from './components/Tooltip/Tooltip';
export { type TooltipPlacement } from './components/Tooltip/tooltipPosition';
export {
  Reveal,
  REVEAL_DURATION_MS,
  REVEAL_STAGGER_S,
  revealDelaySeconds,
  type RevealProps,
} from './components/Reveal/Reveal';
export { CountUp, type CountUpProps } from './components/CountUp/CountUp';
export { countUpValue, COUNT_UP_DURATION_MS } from './components/CountUp/countUpValue';
export * from './icons/icons';
export { useScrollToTop } from './hooks/useScrollToTop';
export { useAddressQuery } from './hooks/useAddressQuery';
export { IconButton } from './components/IconButton/IconButton';
export { CataloguePicture, ImageLinkCard, type ImageLinkCardProps } from './components/ImageLinkCard/ImageLinkCard';
export { MapFrame, MAP_FRAME_MARGIN, type MapFrameProps } from './components/MapFrame/MapFrame';
