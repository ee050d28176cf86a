import type {
  AddItemBodySchema,
  ApplyCouponBodySchema,
  CartAddressHeadSchema,
  CartSchema,
  CartUpdateBodySchema,
  CartValidationSchema,
  ContactBodySchema,
  CouponOffersSchema,
  CustomisationImageSchema,
  EmptyCartBodySchema,
  ModeBodySchema,
  MoveToCartBodySchema,
  RemoveCouponBodySchema,
  RemoveItemBodySchema,
  StockValidationSchema,
  UpdateQtyBodySchema,
} from '../schemas/cart.ts';
import { endpoint } from './endpoint.ts';

type Cart = typeof CartSchema;

/** The cart (spec section 7, base /api/cart) and the wishlist's move to cart. */
export const cartApi = {
  get: endpoint<{ data: Cart }>('GET', '/api/cart/get'),
  addItem: endpoint<{ body: typeof AddItemBodySchema; data: Cart }>('POST', '/api/cart/add-item'),
  updateQty: endpoint<{ body: typeof UpdateQtyBodySchema; data: Cart }>('PUT', '/api/cart/update-qty'),
  removeItem: endpoint<{ body: typeof RemoveItemBodySchema; data: Cart }>('DELETE', '/api/cart/remove-item'),
  coupons: endpoint<{ data: typeof CouponOffersSchema }>('GET', '/api/cart/coupons/get'),
  applyCoupon: endpoint<{ body: typeof ApplyCouponBodySchema; data: Cart }>('POST', '/api/cart/coupons/apply'),
  removeCoupon: endpoint<{ body: typeof RemoveCouponBodySchema; data: Cart }>('DELETE', '/api/cart/coupons/remove'),
  updateAddress: endpoint<{ body: typeof CartAddressHeadSchema; data: Cart }>('PUT', '/api/cart/update-address'),
  updatePaymentMode: endpoint<{ body: typeof ModeBodySchema; data: Cart }>('PUT', '/api/cart/update-payment-mode'),
  updateShippingMode: endpoint<{ body: typeof ModeBodySchema; data: Cart }>('PUT', '/api/cart/update-shipping-mode'),
  updateContact: endpoint<{ body: typeof ContactBodySchema; data: Cart }>('PUT', '/api/cart/update-contact'),
  update: endpoint<{ body: typeof CartUpdateBodySchema; data: Cart }>('PUT', '/api/cart/update'),
  updateItemsPrice: endpoint<{ body: typeof EmptyCartBodySchema; data: Cart }>('PUT', '/api/cart/update-items-price'),
  validate: endpoint<{ data: typeof CartValidationSchema }>('GET', '/api/cart/validate'),
  validateAddress: endpoint<{ data: typeof CartValidationSchema }>('GET', '/api/cart/validate/address'),
  validateStock: endpoint<{ data: typeof StockValidationSchema }>('GET', '/api/cart/validate/stock'),
  /** Multipart upload (field `image`): re-encoded, answers the path for additonal_data.image_path. */
  customisationImage: endpoint<{ data: typeof CustomisationImageSchema }>('POST', '/api/cart/customisation-image'),
  moveToCart: endpoint<{ body: typeof MoveToCartBodySchema; data: Cart }>('POST', '/api/wishlist/moveToCart'),
} as const;
