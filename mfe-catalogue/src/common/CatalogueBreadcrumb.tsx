import { Breadcrumb } from '@site/shared-ui';
import { CATEGORIES_PATH, HOME_PATH } from '@site/contracts/paths';
import { useText } from '../i18n/useText';

export interface CatalogueBreadcrumbProps {
  /** The pages between Our Products and this one (a product's category), with their links. */
  through?: readonly { name: string; link: string }[];
  /** This page's name. */
  current: string;
}

/** The trail of a catalogue page: Home › Our Products › (its category ›) the page. */
export function CatalogueBreadcrumb({ through = [], current }: CatalogueBreadcrumbProps) {
  const text = useText();
  return (
    <Breadcrumb
      items={[
        { moduleName: text('catalogue.breadcrumb.home'), link: HOME_PATH },
        { moduleName: text('catalogue.breadcrumb.ourProducts'), link: CATEGORIES_PATH },
        ...through.map(({ name, link }) => ({ moduleName: name, link })),
        { moduleName: current },
      ]}
    />
  );
}
