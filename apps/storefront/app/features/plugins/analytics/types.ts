/**
 * The shopping events of the analytics plugins (spec sections 7 and 9), in GA4's vocabulary;
 * each provider turns them into its own format (providers.ts). Amounts are in major units
 * (499.5, not 49950), as every provider expects.
 */
export type ShopEvent = 'view_item' | 'add_to_cart' | 'begin_checkout' | 'purchase';

export interface EventItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  item_brand?: string;
  item_category?: string;
  price: number;
  quantity: number;
}

export interface EcommerceData {
  currency: string;
  value: number;
  items: EventItem[];
  /** purchase only */
  transaction_id?: string;
  shipping?: number;
  tax?: number;
  coupon?: string;
}
