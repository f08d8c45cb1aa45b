/// <reference path="./theme/styled.d.ts" />
export { theme, space, maxWidth, type Theme } from './theme/theme';
export { GlobalStyle } from './theme/GlobalStyle';
export { ThemeRoot } from './theme/ThemeRoot';
export { Spinner, VisuallyHidden, type SpinnerProps } from './components/Spinner/Spinner';
export { Card, CardGrid } from './components/Card/Card';
export { Button, ButtonLink } from './components/Button/Button';
export { SectionHeading } from './components/SectionHeading/SectionHeading';
export { PageContainer } from './components/PageContainer/PageContainer';
export { Breadcrumb, type BreadcrumbProps } from './components/Breadcrumb/Breadcrumb';
export { collapseBreadcrumb, type BreadcrumbItem } from './components/Breadcrumb/collapseBreadcrumb';
export { LoadError, type LoadErrorProps } from './components/LoadError/LoadError';
export { useMediaQuery } from './hooks/useMediaQuery';
export { Modal, type ModalProps } from './components/Modal/Modal';
