// The shapes of the company pages' data: content/data/home.json and content/data/projects.json.

/** An image file under the site root with its intrinsic size (set on the <img>, so nothing shifts while it loads). */
export interface SizedImage {
  /** Site-root path, e.g. /images/carousel/slide-1.jpg */
  image: string;
  width: number;
  height: number;
  alt: string;
}

/** One slide of the home page carousel (spec "Entities: Carousel slide"). */
export interface CarouselSlide extends SizedImage {
  /** Big figure before the heading ('23', '1st'); null when the slide has none. */
  rank: string | null;
  heading: string;
  companyText: string;
  info: string;
  extraText: string;
}

/** A figure of the home page's About Us block, counted up from 0 (e.g. 1000 + '+' 'Customers Served'). */
export interface HomeCounter {
  end: number;
  suffix: string;
  label: string;
}

/** A partner logo card (spec "Entities: Partner"); the logo is the brand's logo, brandLogoPath(brand). */
export interface Partner {
  /** Name shown on the card, e.g. 'Marechal Electric'. */
  name: string;
  /** Slug of the brand (BRANDS) whose logo the card shows. */
  brand: string;
  alt: string;
}

/** content/data/home.json: everything the home page shows besides the category teaser. */
export interface HomeContent {
  slides: CarouselSlide[];
  /** The pictures that take turns behind the slides; decorative (empty alt). */
  backgrounds: { image: string; width: number; height: number }[];
  about: { heading: string; text: string[] };
  counters: HomeCounter[];
  partners: { heading: string; subtitle: string; items: Partner[] };
}

/** A record of content/data/projects.json: one card of /our-projects. */
export interface Project extends SizedImage {
  id: string;
  title: string;
}
