/** Which cart a request may reach: the customer's, or the guest cart of its cookie (ADR 0020). */
export interface CartOwner {
  customerId: number | null;
  /** sha-256 of the cart_session cookie; null without a (well-formed) one. */
  tokenHash: string | null;
}
