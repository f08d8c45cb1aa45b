// The catalogue's products for the reviews' product filter: the site's own public data file (the same one the public
// pages read), fetched when the reviews page opens rather than bundled into the staff app.
import { useEffect, useState } from 'react';

export const PRODUCTS_PATH = '/data/products.json';

export interface ProductName {
  id: string;
  name: string;
}

/** The products by name (an empty list until they arrive, or if they cannot be loaded: the filter then lists none). */
export function useProductNames(): ProductName[] {
  const [products, setProducts] = useState<ProductName[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch(PRODUCTS_PATH, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : []))
      .then((body) => {
        const list = Array.isArray(body) ? (body as { id?: unknown; productName?: unknown }[]) : [];
        const named = list.flatMap((product) =>
          typeof product.id === 'string' && typeof product.productName === 'string' ? [{ id: product.id, name: product.productName }] : [],
        );
        setProducts(named.sort((a, b) => a.name.localeCompare(b.name, 'en')));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return products;
}
