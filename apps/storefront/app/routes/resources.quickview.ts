import { data } from 'react-router';
import { ApiError } from '@shopfront/shared';
import type { Route } from './+types/resources.quickview';
import { api } from '../lib/api.server';
import { browsingShouldRevalidate } from '../features/cart/revalidation';
import { logFailure } from '../lib/errors';

/**
 * The product a quickview dialog shows, as JSON for `useFetcher().load()`. Only what the dialog
 * needs: no description, reviews or SEO fields.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { product, options, variants, images, rating } = await api(context).product(params.slug);
    return data(
      {
        product: {
          id: product.id,
          slug: product.slug,
          name: product.name,
          url: product.url,
          brand: product.brand?.name ?? null,
          short_description: product.short_description,
          price: product.price,
          mrp: product.mrp,
          discount_percent: product.discount_percent,
          in_stock: product.in_stock,
        },
        options,
        variants,
        images,
        rating,
        error: null,
      },
      { headers: { 'Cache-Control': 'private, max-age=60' } },
    );
  } catch (err) {
    // The shop closed while the page was open: the gate's 403/503 (and its message) pass through;
    // nothing failed, so nothing is logged.
    const closed = err instanceof ApiError && (err.status === 403 || err.status === 503);
    const status = closed ? err.status : err instanceof ApiError && err.status < 500 ? 404 : 500;
    if (status === 500) logFailure('quickview lookup failed', err);
    return data(
      {
        product: null,
        options: [],
        variants: [],
        images: [],
        rating: null,
        error: closed
          ? err.message
          : status === 404
            ? 'This product is no longer available.'
            : 'The product could not be loaded. Please try again.',
      },
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
}

/** A product's quickview does not change when the cart does (the dialog's own Add to cart). */
export const shouldRevalidate = browsingShouldRevalidate;
